/**
 * A one-column list of names written "Last, First" (`Name` / `Müller, Hans` / `Schmidt, Eva`)
 * is not a two-column CSV: split on the comma, the first names land in a column with no
 * header and are dropped. It is recognised narrowly, so that no real CSV is read as one column:
 * the first line is a header naming the name alone (`Name`, `Full name`, `Teilnehmer`,
 * `Nom`, `Nombre`), not a title such as `Workshop participants` above a header of its own;
 * every other line has exactly one comma followed by a space, no other delimiter, no quote,
 * no digit and no `@` (ids and e-mails are columns); and none of the first lines reads like a
 * header itself (`Last name, First name`), which would make the file a two-column CSV.
 */
import { matchConcept } from '../../core/intake/match';
import { CONTEXT_WORDS } from '../../core/intake/vocabulary';
import { normaliseWords } from '../../core/intake/words';

const OTHER_DELIMITERS = /[;\t|"@\d]/;
const LAST_COMMA_FIRST = /^[^,]*[^\s,][^,]*, +[^\s,][^,]*$/;
/** As far down as a header is looked for (header.ts scores the first 30 rows). */
const HEADER_LINES = 30;
/** A header match this strong is the word itself, spaced or decorated, not a typo or a part. */
const SURE = 0.9;

function lines(text: string): string[] {
  const all = text.split(/\r\n|\n|\r/);
  if (all.length > 0 && all[all.length - 1] === '') all.pop();
  return all;
}

/** `Name`, `Full name`, `Nom`, `Nombre`, or a word for the people listed (`Teilnehmer`, `Participants`). */
function namesTheName(line: string): boolean {
  const match = matchConcept(line);
  if (match) return match.concept.kind === 'name' && match.score >= SURE;
  const words = normaliseWords(line).split(' ');
  return words.length === 1 && CONTEXT_WORDS.has(words[0]);
}

/** `Last name, First name`, `Nachname, Vorname`: every part a known header word. */
function readsLikeHeader(line: string): boolean {
  return line.split(',').every((part) => (matchConcept(part.trim())?.score ?? 0) >= SURE);
}

/** The rows of a "Last, First" list, one cell per line (blank lines kept, for row numbers), or null. */
export function singleColumnRows(text: string): string[][] | null {
  // Cheap test first: most files have a delimiter in their first line and end here.
  const firstBreak = text.search(/[\r\n]/);
  const head = firstBreak < 0 ? text : text.slice(0, firstBreak);
  if (head.trim() === '' || /[,;\t|]/.test(head) || !namesTheName(head.trim())) return null;
  const all = lines(text);
  let data = 0;
  for (let i = 1; i < all.length; i++) {
    const line = all[i].trim();
    if (line === '') continue;
    if (OTHER_DELIMITERS.test(line) || !LAST_COMMA_FIRST.test(line)) return null;
    if (i < HEADER_LINES && readsLikeHeader(line)) return null;
    data++;
  }
  return data > 0 ? all.map((line) => [line]) : null;
}
