import { distance } from 'fastest-levenshtein';

/**
 * The known word nearest to what a person typed, for "did you mean"; null when none is
 * close enough to be a likely typo (two letters, or a third of a longer word's, may differ).
 */
export function nearest(typed: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const word of known) {
    const d = distance(typed.toLowerCase(), word.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [word, d];
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(typed.length / 3)) ? best : null;
}
