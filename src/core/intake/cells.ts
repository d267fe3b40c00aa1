/** What a grid cell holds, judged from the text a person sees in the sheet. */

/** A grid cell as text; tolerant of holes and non-text values from careless callers. */
export function cellText(cell: unknown): string {
  if (typeof cell === 'string') return cell;
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number' || typeof cell === 'boolean' || typeof cell === 'bigint') return String(cell);
  return '';
}

export function isBlankCell(cell: unknown): boolean {
  return cellText(cell).trim() === '';
}

export function isBlankRow(row: readonly unknown[] | undefined | null): boolean {
  if (!Array.isArray(row)) return true;
  for (const cell of row) if (!isBlankCell(cell)) return false;
  return true;
}

export function filledCount(row: readonly unknown[] | undefined | null): number {
  if (!Array.isArray(row)) return 0;
  let n = 0;
  for (const cell of row) if (!isBlankCell(cell)) n++;
  return n;
}

/** Looser than the parser's rule on purpose: this only tells data from headers. */
const EMAIL_LIKE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function looksLikeEmail(text: string): boolean {
  return EMAIL_LIKE.test(text.trim());
}

/** 42, -3.5, 1,234.50, 1.234,5, 12 %, 1.2E+11. */
const NUMBER_LIKE = /^[+-]?(?:\d+(?:[.,]\d+)?|\d{1,3}(?:[.,'\u00a0 ]\d{3})+(?:[.,]\d+)?)(?:e[+-]?\d+)?\s?%?$/i;
export function looksLikeNumber(text: string): boolean {
  return NUMBER_LIKE.test(text.trim());
}

/** An integer shown in scientific notation: the spreadsheet may have dropped digits. */
export function looksLikeScientific(text: string): boolean {
  if (!text.includes('e') && !text.includes('E')) return false;
  return /^[+-]?\d(?:[.,]\d+)?e[+-]?\d+$/i.test(text.trim());
}

/**
 * An integer of more than 15 digits that ends in the zeros a spreadsheet writes past the 15
 * digits it keeps (`12345678901234600000`): the digits typed after the 15th are gone.
 */
export function looksLikeCutDigits(text: string): boolean {
  const t = text.trim();
  if (t.length < 16) return false;
  const digits = t.startsWith('-') || t.startsWith('+') ? t.slice(1) : t;
  return /^[1-9]\d{15,}$/.test(digits) && /^0+$/.test(digits.slice(15));
}

const DATE_LIKE = [
  /^\d{4}-\d{1,2}-\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?/,
  /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}(?:,?\s+\d{1,2}:\d{2}(?::\d{2})?)?(?:\s?[ap]m)?$/i,
  /^\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]m)?$/i,
];
export function looksLikeDate(text: string): boolean {
  const t = text.trim();
  return DATE_LIKE.some((re) => re.test(t));
}

/** Spreadsheet apps run a cell that starts like this as a formula; numbers excepted. */
export function looksLikeFormula(text: string): boolean {
  const first = text.trimStart().charCodeAt(0);
  // = + - @: checked by code first, as this runs for every cell of large sheets.
  if (first !== 0x3d && first !== 0x2b && first !== 0x2d && first !== 0x40) return false;
  const t = text.trim();
  return /^[=+\-@]/.test(t) && /[\p{L}\p{N}(]/u.test(t.slice(1)) && !looksLikeNumber(t);
}

const HTML_LIKE = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?\s*>|&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i;
export function looksLikeHtml(text: string): boolean {
  return (text.includes('<') || text.includes('&')) && HTML_LIKE.test(text);
}

/** Zero-width and control characters: trimming keeps them, and no address may hold them. */
export function hasInvisibleCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || (code >= 0x200b && code <= 0x200d) || code === 0x2060 || code === 0xfeff) return true;
  }
  return false;
}

/** 0 → A, 25 → Z, 26 → AA: the column letter a person sees. */
export function columnLetter(index: number): string {
  let n = Math.max(0, Math.floor(index)) + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** A column's name as shown: its header, or its letter when the header cell is blank. */
export function columnName(column: { index: number; header: string }): string {
  return column.header.trim() === '' ? columnLetter(column.index) : column.header;
}
