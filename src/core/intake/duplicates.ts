/**
 * When several columns look like the same participant property. Most properties take one
 * column: the best match keeps it. Two e-mail columns of one person (private and work) are
 * common and often filled on different rows, so the second best is kept for the rows where
 * the first is blank; two surname columns that are the parts of one surname (`Apellido
 * paterno` / `Apellido materno`) are joined, left to right, since dropping either loses half
 * of it. Both only when the headers say so (column-pairs.ts): a parent's e-mail or surname
 * must never stand in for the participant's.
 */
import { columnLetter } from './cells';
import { isEmailFallbackPair, isSurnameGroup } from './column-pairs';
import { SINGLE_TARGETS, type ColumnTarget, type MappedColumn } from './types';

type Ranked = Pick<MappedColumn, 'index' | 'target' | 'confidence'>;
type Headed = Ranked & Pick<MappedColumn, 'header'>;

const confidenceOf = (column: Ranked) => (typeof column.confidence === 'number' && Number.isFinite(column.confidence) ? column.confidence : 0);

/** The columns of one target, the one read first leading: the highest confidence, leftmost on a tie. */
export function byPriority<C extends Ranked>(columns: readonly C[], target: ColumnTarget): C[] {
  return columns.filter((c) => c && c.target === target).sort((a, b) => confidenceOf(b) - confidenceOf(a) || a.index - b.index);
}

const headerOf = (column: Headed) => String(column.header ?? '');

/** The e-mail columns read, best first: the best alone, or with a fallback its headers allow. */
export function emailColumns<C extends Headed>(columns: readonly C[]): C[] {
  const [first, second] = byPriority(columns, 'email');
  if (!first) return [];
  return second && isEmailFallbackPair(headerOf(first), headerOf(second)) ? [first, second] : [first];
}

/** The last-name columns read: all of them left to right when they are parts of one surname, else the best. */
export function lastNameColumns<C extends Headed>(columns: readonly C[]): C[] {
  const ranked = byPriority(columns, 'last_name');
  if (ranked.length > 1 && isSurnameGroup(ranked.map(headerOf))) return ranked.sort((a, b) => a.index - b.index);
  return ranked.slice(0, 1);
}

const named = (column: MappedColumn) => ({ column: columnLetter(column.index), header: column.header });

/** One column per single-valued target, except a fallback e-mail column and the parts of one surname. */
export function resolveDuplicates(columns: MappedColumn[]): void {
  for (const target of SINGLE_TARGETS) {
    const ranked = byPriority(columns, target);
    if (ranked.length < 2) continue;
    const kept = target === 'email' ? emailColumns(ranked) : target === 'last_name' ? lastNameColumns(ranked) : ranked.slice(0, 1);
    if (target === 'email' && kept.length > 1) kept[1].reason = { code: 'second_email', params: named(kept[0]) };
    if (target === 'last_name' && kept.length > 1) {
      for (const column of kept.slice(1)) column.reason = { code: 'surname_part', params: named(kept[0]) };
    }
    const keeper = ranked[0];
    for (const column of ranked) {
      if (kept.includes(column)) continue;
      column.target = 'ignore';
      column.confidence = 0.5;
      column.reason = { code: 'supplied_by', params: { ...named(keeper), target } };
    }
  }
}
