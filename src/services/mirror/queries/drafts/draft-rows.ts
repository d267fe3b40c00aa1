/**
 * The rows of a draft, one participant payload each. `position` is a stable key per draft
 * that also orders the grid (rows added by hand go after the last; deleting leaves a gap).
 *
 * - `insertDraftRows(db, draftId, rows, firstPosition?)` bulk insert (one transaction, one
 *   prepared statement); positions follow on from `firstPosition` (default: after the last).
 * - `draftRows(db, draftId, { offset?, limit? })`, `draftRowAt`, `countDraftRows`,
 *   `draftParticipants` (the payload to push, in grid order), `nextPosition`.
 * - `writeDraftRow(db, draftId, position, row | null)`: the single-row write edits use; it
 *   does not record history — call `applyEdit` (draft-edits.ts) for user edits.
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

interface Row {
  position: number;
  source_row: number | null;
  participant: string;
  notes: string | null;
}

function toRow(row: Row): DraftRow {
  const out: DraftRow = { position: row.position, source_row: row.source_row, participant: readJson<ParticipantInput>(row.participant, 'draft row') };
  if (row.notes !== null) out.notes = readJson<RowWarning[]>(row.notes, 'draft row');
  return out;
}

const notesJson = (row: DraftRowInput): string | null => (row.notes && row.notes.length > 0 ? JSON.stringify(row.notes) : null);

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

export function draftRowAt(db: MirrorDb, draftId: number, position: number): DraftRow | null {
  const row = stmt(db, 'SELECT position, source_row, participant, notes FROM draft_rows WHERE draft_id = ? AND position = ?').get(draftId, position) as Row | undefined;
  return row ? toRow(row) : null;
}

export function draftRows(db: MirrorDb, draftId: number, page: { offset?: number; limit?: number } = {}): DraftRow[] {
  const rows = stmt(db, 'SELECT position, source_row, participant, notes FROM draft_rows WHERE draft_id = ? ORDER BY position LIMIT ? OFFSET ?').all(
    draftId,
    page.limit ?? -1,
    page.offset ?? 0,
  ) as Row[];
  return rows.map(toRow);
}

export function countDraftRows(db: MirrorDb, draftId: number): number {
  return (stmt(db, 'SELECT count(*) AS n FROM draft_rows WHERE draft_id = ?').get(draftId) as { n: number }).n;
}

export function draftParticipants(db: MirrorDb, draftId: number): ParticipantInput[] {
  const rows = stmt(db, 'SELECT participant FROM draft_rows WHERE draft_id = ? ORDER BY position').pluck().all(draftId) as string[];
  return rows.map((text) => readJson<ParticipantInput>(text, 'draft row'));
}
