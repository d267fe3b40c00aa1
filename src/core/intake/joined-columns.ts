/**
 * Reading a row where a second column supplies the e-mail or the last name (see
 * duplicates.ts for when the mapping keeps one): the fallback e-mail column is read where
 * the first is blank, the parts of a surname are joined left to right. The warnings are the
 * same sentence on thousands of rows, so each is built once per sheet.
 */
import { cellText, columnLetter } from './cells';
import type { MappedColumn } from './types';

export interface JoinedColumns {
  /** The e-mail column read where the first is blank, with the row warning that says so. */
  fallbackEmail: { index: number; warning: string } | null;
  /** The last-name columns joined, left to right: two or more, or none when one column supplies it. */
  lastNames: number[];
  /** The row warning when every one of `lastNames` gave a part. */
  joinedWarning: string;
}

type Column = Pick<MappedColumn, 'index' | 'header'>;

function andList(items: readonly string[]): string {
  return items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function joinedSentence(indexes: readonly number[]): string {
  return `Last name joined from columns ${andList(indexes.map(columnLetter))}.`;
}

/** `emails` and `lastNames` as duplicates.ts chose them (emailColumns, lastNameColumns). */
export function joinedColumns(emails: readonly Column[], lastNames: readonly Column[]): JoinedColumns {
  const [first, second] = emails;
  const fallbackEmail = first && second
    ? {
      index: second.index,
      warning: `E-mail taken from column ${columnLetter(second.index)} (“${second.header}”), since column ${columnLetter(first.index)} (“${first.header}”) is blank.`,
    }
    : null;
  const joined = lastNames.length > 1 ? lastNames.map((c) => c.index) : [];
  return { fallbackEmail, lastNames: joined, joinedWarning: joined.length > 1 ? joinedSentence(joined) : '' };
}

const sameText = (a: string, b: string) => a.length === b.length && (a === b || a.toLowerCase() === b.toLowerCase());

/** Three or more parts, rare enough to build the list each row. */
function joinMany(row: readonly unknown[], joined: JoinedColumns, warnings: string[]): string {
  const parts: string[] = [];
  const used: number[] = [];
  for (const index of joined.lastNames) {
    const text = cellText(row[index]).trim();
    if (text === '' || parts.some((part) => sameText(part, text))) continue;
    parts.push(text);
    used.push(index);
  }
  if (used.length > 1) warnings.push(used.length === joined.lastNames.length ? joined.joinedWarning : joinedSentence(used));
  return parts.join(' ');
}

/** The filled cells joined with a space, a part that repeats an earlier one left out; a warning when more than one part was used. */
export function joinedLastName(row: readonly unknown[], joined: JoinedColumns, warnings: string[]): string {
  const indexes = joined.lastNames;
  if (indexes.length !== 2) return joinMany(row, joined, warnings);
  // Two parts (paterno, materno) is nearly every case: no list per row.
  const first = cellText(row[indexes[0]]).trim();
  const second = cellText(row[indexes[1]]).trim();
  if (first === '') return second;
  if (second === '' || sameText(first, second)) return first;
  warnings.push(joined.joinedWarning);
  return `${first} ${second}`;
}
