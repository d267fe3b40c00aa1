/** JSON columns: written by us, so a parse failure means a damaged file, said plainly. */
export function readJson<T>(text: string, what: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`The mirror's stored ${what} is damaged and cannot be read.`);
  }
}

export function readJsonOrNull<T>(text: string | null, what: string): T | null {
  return text === null ? null : readJson<T>(text, what);
}

/** A JSON array of ids without JSON.stringify's generality: the pull writes millions. */
export function idList(ids: readonly number[] | null | undefined): string {
  return ids && ids.length > 0 ? `[${ids.join(',')}]` : '[]';
}
