/** Header words compared the way people write them: case, accents, punctuation and spacing forgiven. */

const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * `"E-Mail-Adresse"` → `"e mail adresse"`, `"Apellido(s)"` → `"apellido"`,
 * `"Teilnehmer*innen-ID"` → `"teilnehmer id"`, `"Tranche d'âge"` → `"tranche d age"`.
 */
export function normaliseWords(text: string): string {
  return text
    // Plural and gender markers written into a word: Apellido(s), Teilnehmer:innen, Nom(s).
    .replace(/(\p{L})\((?:s|es|e|n|in|innen)\)/gu, '$1')
    .replace(/(\p{L})[:*_/](?:in|innen)(?=[^\p{L}]|$)/gu, '$1')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (ch) => FOLD[ch] ?? ch)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function compact(normalised: string): string {
  return normalised.replace(/ /g, '');
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transposition, so "emial"
 * is one edit from "email"), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  let prev2 = new Array<number>(width).fill(0);
  let prev = new Array<number>(width);
  let cur = new Array<number>(width);
  for (let j = 0; j < width; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j < width; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[b.length], max + 1);
}

/** How many typos a word of this length may carry and still be recognised. */
export function typoBudget(length: number): number {
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}
