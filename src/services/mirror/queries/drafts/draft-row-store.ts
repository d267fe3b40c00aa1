/**
 * One draft row as the file keeps it, read and written without looking at the rows a step
 * has not written yet (draft-rows-behind.ts): the layer under `draft-rows.ts`, for the
 * history's own writes. Everyone else reads rows through `draft-rows.ts`.
 *
 * - `writeDraftRow(db, draftId, position, row | null)`: the single-row write edits use; it
 *   does not record history — call `applyEdit` (draft-edits.ts) for user edits.
 * - `storedRowAt(db, draftId, position)` → the row as the file has it now, or null.
 */
import type { ParticipantInput } from '../../../../core/contract/imports';
import type { RowWarning } from '../../../../core/intake/row-warnings';
import type { MirrorDb } from '../../db';
import { readJson } from '../json';
import { stmt } from '../statements';

export interface DraftRowInput {
  /** 1-based row in the sheet; null for a row added by hand. */
  source_row: number | null;
  participant: ParticipantInput;
  /**
   * What only the sheet's cells could say about the row (migration 010), kept while the row
   * is edited: a write without notes leaves those the row has.
   */
  notes?: RowWarning[];
}

export interface DraftRow extends DraftRowInput {
  position: number;
}

export interface StoredRow {
  position: number;
  source_row: number | null;
  participant: string;
  notes: string | null;
}

export function toRow(row: StoredRow): DraftRow {
  const out: DraftRow = { position: row.position, source_row: row.source_row, participant: readJson<ParticipantInput>(row.participant, 'draft row') };
  if (row.notes !== null) out.notes = readJson<RowWarning[]>(row.notes, 'draft row');
  return out;
}

export const notesJson = (row: DraftRowInput): string | null => (row.notes && row.notes.length > 0 ? JSON.stringify(row.notes) : null);

export function writeDraftRow(db: MirrorDb, draftId: number, position: number, row: DraftRowInput | null): void {
  if (row === null) {
    stmt(db, 'DELETE FROM draft_rows WHERE draft_id = ? AND position = ?').run(draftId, position);
    return;
  }
  stmt(
    db,
    `INSERT INTO draft_rows (draft_id, position, source_row, participant, notes) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(draft_id, position) DO UPDATE SET source_row = excluded.source_row, participant = excluded.participant, notes = coalesce(excluded.notes, notes)`,
  ).run(draftId, position, row.source_row, JSON.stringify(row.participant), notesJson(row));
}

export function storedRowAt(db: MirrorDb, draftId: number, position: number): DraftRow | null {
  const row = stmt(db, 'SELECT position, source_row, participant, notes FROM draft_rows WHERE draft_id = ? AND position = ?').get(draftId, position) as StoredRow | undefined;
  return row ? toRow(row) : null;
}
