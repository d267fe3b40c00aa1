/**
 * The rows of a draft, one participant payload each. `position` is a stable key per draft
 * that also orders the grid (rows added by hand go after the last; deleting leaves a gap).
 *
 * - `insertDraftRows(db, draftId, rows, firstPosition?)` bulk insert (one transaction, one
 *   prepared statement); positions follow on from `firstPosition` (default: after the last).
 * - `draftRows(db, draftId, { offset?, limit? })`, `draftRowAt`, `countDraftRows`,
 *   `draftParticipants` (the payload to push, in grid order), `nextPosition`.
 * - `writeDraftRow` (draft-row-store.ts): the single-row write edits use; it does not record
 *   history — call `applyEdit` (draft-edits.ts) for user edits.
 * Rows a step of the history has not written yet are written before any of these reads
 * them (draft-rows-behind.ts).
 */
import type { ParticipantInput } from '../../../../core/contract/imports';
import type { MirrorDb } from '../../db';
import { readJson } from '../json';
import { stmt } from '../statements';
import { settleDraftRows } from './draft-rows-behind';
import { notesJson, storedRowAt, toRow, type DraftRow, type DraftRowInput, type StoredRow } from './draft-row-store';

export { writeDraftRow, type DraftRow, type DraftRowInput } from './draft-row-store';

/** Where a new draft's first row goes; the sheet's rows follow it one by one. */
export const FIRST_POSITION = 0;

const INSERT = 'INSERT INTO draft_rows (draft_id, position, source_row, participant, notes) VALUES (?, ?, ?, ?, ?)';

export function nextPosition(db: MirrorDb, draftId: number): number {
  const row = stmt(db, 'SELECT max(position) AS last FROM draft_rows WHERE draft_id = ?').get(draftId) as { last: number | null };
  return row.last === null ? 0 : row.last + 1;
}

/** Answers the positions given to the rows, in order. */
export function insertDraftRows(db: MirrorDb, draftId: number, rows: readonly DraftRowInput[], firstPosition?: number): number[] {
  const insert = stmt(db, INSERT);
  return db.transaction(() => {
    const first = firstPosition ?? nextPosition(db, draftId);
    const positions = new Array<number>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      insert.run(draftId, first + i, rows[i].source_row, JSON.stringify(rows[i].participant), notesJson(rows[i]));
      positions[i] = first + i;
    }
    return positions;
  })();
}

export function draftRowAt(db: MirrorDb, draftId: number, position: number): DraftRow | null {
  settleDraftRows(db, draftId);
  return storedRowAt(db, draftId, position);
}

export function draftRows(db: MirrorDb, draftId: number, page: { offset?: number; limit?: number } = {}): DraftRow[] {
  settleDraftRows(db, draftId);
  const rows = stmt(db, 'SELECT position, source_row, participant, notes FROM draft_rows WHERE draft_id = ? ORDER BY position LIMIT ? OFFSET ?').all(
    draftId,
    page.limit ?? -1,
    page.offset ?? 0,
  ) as StoredRow[];
  return rows.map(toRow);
}

/** Each row's sheet row in grid order (null: added by hand), without reading the rows themselves. */
export function draftSheetRows(db: MirrorDb, draftId: number): (number | null)[] {
  return (stmt(db, 'SELECT source_row FROM draft_rows WHERE draft_id = ? ORDER BY position').all(draftId) as { source_row: number | null }[]).map((r) => r.source_row);
}

export function countDraftRows(db: MirrorDb, draftId: number): number {
  return (stmt(db, 'SELECT count(*) AS n FROM draft_rows WHERE draft_id = ?').get(draftId) as { n: number }).n;
}

export function draftParticipants(db: MirrorDb, draftId: number): ParticipantInput[] {
  settleDraftRows(db, draftId);
  const rows = stmt(db, 'SELECT participant FROM draft_rows WHERE draft_id = ? ORDER BY position').pluck().all(draftId) as string[];
  return rows.map((text) => readJson<ParticipantInput>(text, 'draft row'));
}
