/** A draft refused a change or a read, in a sentence a person can act on. */
export class DraftError extends Error {
  override name = 'DraftError';
}
