/** What a failed call says to the person: the main side's sentence (an ApiError), or the error's text. */
export function messageOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}
