/**
 * Spreadsheet apps run a cell that begins with one of these as a formula (or DDE call).
 * Exported text that begins with one gets a leading apostrophe, the OWASP advice for
 * CSV injection, so Excel and LibreOffice show it as the text it is.
 *
 * That apostrophe is the guard, not data: Muster's own reading takes it off again
 * (`unguardCell`), so an export read back gives every value as it was. Text that already
 * begins with apostrophes before such a character (`'=1`) gets one more on the way out, so
 * taking one off gives it back whole; any other apostrophe (`'hello`, `'123`) is data and
 * is neither added nor taken.
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;
const GUARDED = /^'+[=+\-@\t\r\n]/;
const APOSTROPHE = 0x27;

export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/** A csv cell: the guard before formula-looking text, and before text that looks guarded already. */
export function neutraliseCell(text: string): string {
  return looksLikeFormula(text) || GUARDED.test(text) ? `'${text}` : text;
}

/**
 * An xlsx string cell is never run, so formula-looking text is written unchanged; only text
 * that looks guarded gets an apostrophe, which the reader takes off, so it reads back as written.
 */
export function keepApostrophes(text: string): string {
  return GUARDED.test(text) ? `'${text}` : text;
}

/** = + - @ tab CR LF, by code. */
const FORMULA_CODES = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d, 0x0a]);

/** A cell as read: the guard taken off (`'=1+1` is `=1+1`), every other text unchanged. */
export function unguardCell(text: string): string {
  // By code, not a regular expression: this runs for every cell of large sheets.
  if (text.charCodeAt(0) !== APOSTROPHE) return text;
  let i = 1;
  while (text.charCodeAt(i) === APOSTROPHE) i++;
  return FORMULA_CODES.has(text.charCodeAt(i)) ? text.slice(1) : text;
}
