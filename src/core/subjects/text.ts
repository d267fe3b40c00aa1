/** Text as stored: trimmed, and a blank value is no value. Numbers (ids from spreadsheets)
 *  become their plain decimal text. */
export function cleanText(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = (typeof value === 'number' ? String(value) : value).trim();
  return text === '' ? null : text;
}
