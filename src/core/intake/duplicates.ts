/**
 * When several columns look like the same participant property. Most properties take one
 * column: the best match keeps it. Two e-mail columns (private and work) are common and
 * often filled on different rows, so the second best is kept for the rows where the first is
 * blank. Two last-name columns are the Spanish `Apellido paterno` / `Apellido materno`
 * pair: dropping either loses half the surname, so every one is joined, left to right.
 */
import { columnLetter } from './cells';
import { SINGLE_TARGETS, type ColumnTarget, type MappedColumn, type SingleTarget } from './types';

export const TARGET_LABELS: Readonly<Record<SingleTarget, string>> = {
  external_id: 'the external ID', name: 'the name', first_name: 'the first name', last_name: 'the last name',
  email: 'the e-mail', locale: 'the locale', note: 'the note',
};

/** Targets that several columns supply together; a correction adds a column rather than moving the target. */
export function isJoinedTarget(target: ColumnTarget): boolean {
  return target === 'last_name';
}

type Ranked = Pick<MappedColumn, 'index' | 'target' | 'confidence'>;

const confidenceOf = (column: Ranked) => (typeof column.confidence === 'number' && Number.isFinite(column.confidence) ? column.confidence : 0);

/** The columns of one target, the one read first leading: the highest confidence, leftmost on a tie. */
export function byPriority<C extends Ranked>(columns: readonly C[], target: ColumnTarget): C[] {
  return columns.filter((c) => c && c.target === target).sort((a, b) => confidenceOf(b) - confidenceOf(a) || a.index - b.index);
}

const named = (column: MappedColumn) => `column ${columnLetter(column.index)} (“${column.header}”)`;

/** One column per single-valued target, except a fallback e-mail column and joined last names. */
export function resolveDuplicates(columns: MappedColumn[]): void {
  for (const target of SINGLE_TARGETS) {
    const ranked = byPriority(columns, target);
    if (ranked.length < 2) continue;
    if (isJoinedTarget(target)) {
      const [first, ...more] = [...ranked].sort((a, b) => a.index - b.index);
      for (const column of more) column.reason = `Also ${TARGET_LABELS[target]}: joined after ${named(first)}.`;
      continue;
    }
    const [keeper, ...rest] = ranked;
    rest.forEach((column, place) => {
      if (target === 'email' && place === 0) {
        column.reason = `A second e-mail column: read where ${named(keeper)} is blank.`;
        return;
      }
      column.target = 'ignore';
      column.confidence = 0.5;
      column.reason = `Column ${columnLetter(keeper.index)} (“${keeper.header}”) already supplies ${TARGET_LABELS[target]}; this one is ignored.`;
    });
  }
}
