/**
 * Reading a row where more than one column supplies the e-mail or the last name (see
 * duplicates.ts for why the mapping keeps them): the e-mail columns are tried best first,
 * the last names joined left to right.
 */
import { cellText, columnLetter } from './cells';
import { byPriority } from './duplicates';
import type { ColumnMapping, MappedColumn } from './types';

export interface JoinedColumns {
  /** The e-mail columns, the one read first leading (as resolveDuplicates keeps them). */
  emails: { index: number; header: string }[];
  /** Every last-name column, left to right. */
  lastNames: number[];
}

const usable = (c: MappedColumn | null | undefined): c is MappedColumn => !!c && Number.isInteger(c.index) && c.index >= 0;

export function joinedColumns(mapping: ColumnMapping): JoinedColumns {
  const columns = (Array.isArray(mapping?.columns) ? mapping.columns : []).filter(usable);
  return {
    emails: byPriority(columns, 'email').map((c) => ({ index: c.index, header: String(c.header ?? '') })),
    lastNames: columns.filter((c) => c.target === 'last_name').map((c) => c.index).sort((a, b) => a - b),
  };
}

/** The first filled e-mail cell after the first column, when that one is blank, with a sentence saying so. */
export function fallbackEmail(row: readonly unknown[], emails: JoinedColumns['emails']): { index: number; text: string; warning: string } | null {
  for (let i = 1; i < emails.length; i++) {
    const text = cellText(row[emails[i].index]).trim();
    if (text === '') continue;
    const [first, used] = [emails[0], emails[i]];
    return {
      index: used.index, text,
      warning: `E-mail taken from column ${columnLetter(used.index)} (“${used.header}”), since column ${columnLetter(first.index)} (“${first.header}”) is blank.`,
    };
  }
  return null;
}

/** The filled cells joined with a space, a part that repeats an earlier one left out. */
export function joinedText(row: readonly unknown[], indexes: readonly number[]): string {
  const parts: string[] = [];
  for (const index of indexes) {
    const text = cellText(row[index]).trim();
    if (text !== '' && !parts.some((p) => p.toLowerCase() === text.toLowerCase())) parts.push(text);
  }
  return parts.join(' ');
}
