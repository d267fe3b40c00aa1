/**
 * Spreadsheet apps run a cell that begins with one of these as a formula (or DDE call).
 * Exported text that begins with one gets a leading apostrophe, the OWASP advice for
 * CSV injection, so Excel and LibreOffice show it as the text it is.
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;

export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

export function neutraliseCell(text: string): string {
  return looksLikeFormula(text) ? `'${text}` : text;
}
