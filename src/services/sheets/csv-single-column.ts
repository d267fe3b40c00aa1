/**
 * A one-column list of names written "Last, First" (`Name` / `Müller, Hans` / `Schmidt, Eva`)
 * is not a two-column CSV: split on the comma, the first names land in a column with no
 * header and are dropped. It is recognised narrowly, so that no real CSV is read as one column:
 * the first line has no delimiter at all, and every other line has exactly one comma followed
 * by a space, no other delimiter, no quote, no digit and no `@` (ids and e-mails are columns).
 */
export const SINGLE_COLUMN_NOTE =
  'The first line has no comma and every other line has exactly one, followed by a space (“Last, First”), so each line was read as one cell; if the file has two columns, put a header on both.';

const OTHER_DELIMITERS = /[;\t|"@\d]/;
const LAST_COMMA_FIRST = /^[^,]*[^\s,][^,]*, +[^\s,][^,]*$/;

function lines(text: string): string[] {
  const all = text.split(/\r\n|\n|\r/);
  if (all.length > 0 && all[all.length - 1] === '') all.pop();
  return all;
}

/** The rows of a "Last, First" list, one cell per line (blank lines kept, for row numbers), or null. */
export function singleColumnRows(text: string): string[][] | null {
  // Cheap test first: most files have a delimiter in their first line and end here.
  const firstBreak = text.search(/[\r\n]/);
  const head = firstBreak < 0 ? text : text.slice(0, firstBreak);
  if (head.trim() === '' || /[,;\t|]/.test(head)) return null;
  const all = lines(text);
  let data = 0;
  for (let i = 1; i < all.length; i++) {
    const line = all[i].trim();
    if (line === '') continue;
    if (OTHER_DELIMITERS.test(line) || !LAST_COMMA_FIRST.test(line)) return null;
    data++;
  }
  return data > 0 ? all.map((line) => [line]) : null;
}
