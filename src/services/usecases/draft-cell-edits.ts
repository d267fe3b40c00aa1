import type { CellEdit } from '../../core/contract/app-api';
import { withCell } from '../../core/drafts/cells';
import type { PastedCell } from '../../core/drafts/paste';
import type { DraftRow, DraftRowInput } from '../mirror/queries/drafts/draft-rows';
import { refusal } from './errors';

/** The rows these cell edits change, as they become; several edits of one row make one change. */
export function editedRows(rows: readonly DraftRow[], index: ReadonlyMap<number, number>, edits: readonly CellEdit[]): { position: number; after: DraftRowInput }[] {
  // Each change made once and its participant replaced by later edits of the row: a copy of
  // the row per edit, and of every change at the end, cost more than the edits (10,000 cells).
  const changed = new Map<number, { position: number; after: DraftRowInput }>();
  for (const edit of edits) {
    const i = index.get(edit.position);
    if (i === undefined) throw refusal('row_gone', 'input', { row: edit.position });
    const made = changed.get(edit.position);
    if (made) made.after.participant = withCell(made.after.participant, edit.field, edit.value);
    else changed.set(edit.position, { position: edit.position, after: { source_row: rows[i].source_row, participant: withCell(rows[i].participant, edit.field, edit.value) } });
  }
  return [...changed.values()];
}

/** A row added by hand, before anything is typed into it. */
export const blankRow = (): DraftRowInput => ({ source_row: null, participant: { name: '', email: '' } });

/** Rows a paste adds after the last (each given as its cells), from position `first` on. */
export function pastedRows(first: number, rows: readonly (readonly PastedCell[])[]): { position: number; after: DraftRowInput }[] {
  return rows.map((cells, k) => ({
    position: first + k,
    after: { source_row: null, participant: cells.reduce((p, cell) => withCell(p, cell.field, cell.value), blankRow().participant) },
  }));
}
