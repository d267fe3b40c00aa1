import type { CellEdit } from '../../core/contract/app-api';
import { withCell } from '../../core/drafts/cells';
import type { DraftRow, DraftRowInput } from '../mirror/queries/drafts/draft-rows';
import { refusal } from './errors';

/** The rows these cell edits change, as they become; several edits of one row make one change. */
export function editedRows(rows: readonly DraftRow[], index: ReadonlyMap<number, number>, edits: readonly CellEdit[]): { position: number; after: DraftRowInput }[] {
  const changed = new Map<number, DraftRow>();
  for (const edit of edits) {
    const i = index.get(edit.position);
    if (i === undefined) throw refusal('row_gone', 'input', { row: edit.position });
    const row = changed.get(edit.position) ?? rows[i];
    changed.set(edit.position, { ...row, participant: withCell(row.participant, edit.field, edit.value) });
  }
  return [...changed.values()].map((row) => ({ position: row.position, after: { source_row: row.source_row, participant: row.participant } }));
}
