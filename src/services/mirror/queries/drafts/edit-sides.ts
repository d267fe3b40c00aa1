/**
 * How the undo history keeps the two sides of a row's change (migration 014). A bulk fix of
 * 10,000 rows changes one field of each: kept as whole rows, its two sides were megabytes of
 * JSON to write for every step, so a change that keeps the row (same sheet row, same notes)
 * is kept as the fields it sets and the fields it removes, and replayed over the row as it
 * is when the step is undone or redone. The history is linear, so that row is always the
 * one the other side left.
 *
 * - `sidesOf(before, after)` → the entries the log keeps for `before` (what undo writes)
 *   and `after` (what redo writes).
 * - `replay(entry, current)` → the row an entry makes of the row as it is now.
 * - `isPatch(shape, entry)`: the entry changes fields of a row that stays.
 * Steps logged before migration 014 keep whole rows or null (`shape` 'rows'); `replay`
 * takes those as they are.
 */
import type { ParticipantInput } from '../../../../core/contract/imports';
import type { DraftRowInput } from './draft-row-store';

/** A whole row (added, deleted, moved to another sheet row, notes changed), or its changed fields. */
export type SideEntry = null | { row: DraftRowInput } | { set: Partial<ParticipantInput>; unset?: string[] };

export type HistoryShape = 'rows' | 'patches';

type Fields = Record<string, unknown>;

const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));

type Patch = { set: Fields; unset?: string[] };

/**
 * Both sides of a change of fields at once: the fields `to` sets differently from `from`
 * and those it drops (the after side), and the same the other way (the before side). A field
 * set to undefined is one the row does not have: JSON, and so the mirror, drops it. One pass
 * over each row's keys, as a 10,000-row fix logs 10,000 of these.
 */
function patches(from: Fields, to: Fields): [Patch, Patch] {
  const back: Fields = {};
  const forth: Fields = {};
  let backUnset: string[] | undefined;
  let forthUnset: string[] | undefined;
  for (const key in to) {
    const value = to[key];
    if (value === undefined) continue;
    const was = from[key];
    if (was === undefined) {
      forth[key] = value;
      (backUnset ??= []).push(key);
    } else if (!sameValue(was, value)) {
      forth[key] = value;
      back[key] = was;
    }
  }
  for (const key in from) {
    const was = from[key];
    if (was !== undefined && to[key] === undefined) {
      back[key] = was;
      (forthUnset ??= []).push(key);
    }
  }
  return [backUnset ? { set: back, unset: backUnset } : { set: back }, forthUnset ? { set: forth, unset: forthUnset } : { set: forth }];
}

// Notes are written only when a write has some (draft-rows.ts): a side without them keeps the row's.
const keepsNotes = (before: DraftRowInput, after: DraftRowInput) => after.notes === undefined || sameValue(before.notes ?? [], after.notes);

// Notes go with a whole row into the history, so undoing its deletion gives them back; a row
// as the caller holds it may carry its position, which the log keeps beside it.
const wholeRow = (row: DraftRowInput | null): SideEntry =>
  row && { row: { source_row: row.source_row, participant: row.participant, ...(row.notes ? { notes: row.notes } : {}) } };

export function sidesOf(before: DraftRowInput | null, after: DraftRowInput | null): [SideEntry, SideEntry] {
  if (before === null || after === null || before.source_row !== after.source_row || !keepsNotes(before, after)) {
    return [wholeRow(before), wholeRow(after)];
  }
  return patches(before.participant as Fields, after.participant as Fields) as [SideEntry, SideEntry];
}

/** Whether an entry changes fields of a row that stays (not a whole row, an added or a removed one). */
export const isPatch = (shape: HistoryShape, entry: unknown): boolean => shape === 'patches' && entry !== null && typeof entry === 'object' && !('row' in entry);

export class HistoryMismatchError extends Error {}

export function replay(shape: HistoryShape, entry: unknown, current: DraftRowInput | null): DraftRowInput | null {
  if (shape === 'rows') return entry as DraftRowInput | null;
  const side = entry as SideEntry;
  if (side === null) return null;
  if ('row' in side) return side.row;
  if (current === null) throw new HistoryMismatchError('a changed row is missing');
  const participant: Fields = { ...(current.participant as Fields), ...side.set };
  for (const key of side.unset ?? []) delete participant[key];
  const row: DraftRowInput = { source_row: current.source_row, participant: participant as ParticipantInput };
  if (current.notes) row.notes = current.notes;
  return row;
}
