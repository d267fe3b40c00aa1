/**
 * Reading a row where a second column supplies the e-mail or the last name (see
 * duplicates.ts for when the mapping keeps one): the fallback e-mail column is read where
 * the first is blank, the parts of a surname are joined left to right. The warnings are the
 * same sentence on thousands of rows, so each is built once per sheet.
 */
import { cellText, columnLetter } from './cells';
import type { RowWarning } from './row-warnings';
import type { MappedColumn } from './types';
import type { IntakeWarning } from './warning-words';

export interface JoinedColumns {
  /** The e-mail column read where the first is blank, with the row warning that says so. */
  fallbackEmail: { index: number; warning: IntakeWarning; columns: string[]; headers: string[] } | null;
  /** The last-name columns joined, left to right: two or more, or none when one column supplies it. */
  lastNames: number[];
  /** The row warning when every one of `lastNames` gave a part. */
  joinedWarning: IntakeWarning | null;
  /** `lastNames` by letter. */
  joinedLetters: string[];
}

type Column = Pick<MappedColumn, 'index' | 'header'>;

/** `emails` and `lastNames` as duplicates.ts chose them (emailColumns, lastNameColumns). */
export function joinedColumns(emails: readonly Column[], lastNames: readonly Column[]): JoinedColumns {
  const [first, second] = emails;
  const columns = first && second ? [columnLetter(second.index), columnLetter(first.index)] : [];
  const headers = first && second ? [second.header, first.header] : [];
  const fallbackEmail: JoinedColumns['fallbackEmail'] = first && second ? { index: second.index, warning: { code: 'email_fallback', field: 'email', columns, headers }, columns, headers } : null;
  const joined = lastNames.length > 1 ? lastNames.map((c) => c.index) : [];
  const joinedLetters = joined.map(columnLetter);
  return { fallbackEmail, lastNames: joined, joinedWarning: joined.length > 1 ? { code: 'last_name_joined', field: 'name', columns: joinedLetters } : null, joinedLetters };
}

const sameText = (a: string, b: string) => a.length === b.length && (a === b || a.toLowerCase() === b.toLowerCase());

/** Three or more parts, rare enough to build the list each row. */
function joinMany(row: readonly unknown[], joined: JoinedColumns, warnings: IntakeWarning[], notes: RowWarning[]): string {
  const parts: string[] = [];
  const used: number[] = [];
  for (const index of joined.lastNames) {
    const text = cellText(row[index]).trim();
    if (text === '' || parts.some((part) => sameText(part, text))) continue;
    parts.push(text);
    used.push(index);
  }
  if (used.length > 1) {
    const letters = used.length === joined.lastNames.length ? joined.joinedLetters : used.map(columnLetter);
    warnings.push(used.length === joined.lastNames.length && joined.joinedWarning ? joined.joinedWarning : { code: 'last_name_joined', field: 'name', columns: letters });
    notes.push({ kind: 'last_name_joined', field: 'name', columns: letters });
  }
  return parts.join(' ');
}

/**
 * The filled cells joined with a space, a part that repeats an earlier one left out; a warning
 * when more than one part was used, and a note for the draft row (its value, the name, is set
 * by the caller once the name is made).
 */
export function joinedLastName(row: readonly unknown[], joined: JoinedColumns, warnings: IntakeWarning[], notes: RowWarning[]): string {
  const indexes = joined.lastNames;
  if (indexes.length !== 2) return joinMany(row, joined, warnings, notes);
  // Two parts (paterno, materno) is nearly every case: no list per row.
  const first = cellText(row[indexes[0]]).trim();
  const second = cellText(row[indexes[1]]).trim();
  if (first === '') return second;
  if (second === '' || sameText(first, second)) return first;
  if (joined.joinedWarning) warnings.push(joined.joinedWarning);
  notes.push({ kind: 'last_name_joined', field: 'name', columns: joined.joinedLetters });
  return `${first} ${second}`;
}
