/**
 * Rows a step of a draft's history has logged but not written yet (migration 015). The
 * workspace answers a fix of 10,000 rows once the step is in the log, and writes the rows
 * when the main side is idle; the log is the record, the rows follow it.
 *
 * - `markRowsBehind(db, draftId, seq, side, owner)`: the rows of that side of a logged step
 *   are still to be written (called in the step's own transaction by the session `owner`).
 * - `settleDraftRows(db, draftId, holder?)`: writes every row still behind, in the order the
 *   steps were taken, and forgets the marks, in one transaction. When every step behind was
 *   taken by `holder.owner`, the rows are written from what it holds (`holder.held`: what
 *   its steps made); otherwise each side is replayed over the rows as the file has them,
 *   which is what another connection, or a new process after one that stopped before its
 *   rows were written, does. Another session's memory is never written over its steps.
 * - `forgetRowsBehind(db, draftId)`: for a draft whose rows and history are replaced.
 *
 * Only steps that change rows that stay (no row added or removed) are kept behind, so the
 * count and positions of the rows are always as the file says.
 */
import type { MirrorDb } from '../../db';
import { stmt } from '../statements';
import { loggedPositions, loggedSide, type Side } from './draft-edit-log';
import { storedRowAt, writeDraftRow, type DraftRowInput } from './draft-row-store';
import { HistoryMismatchError, replay } from './edit-sides';
import { DraftError } from './draft-error';

/** A session that holds every row of a draft: its token, and its rows by position. */
export interface RowHolder {
  owner: string;
  held: (position: number) => DraftRowInput | null;
}

export function markRowsBehind(db: MirrorDb, draftId: number, seq: number, side: Side, owner: string): void {
  stmt(db, 'INSERT INTO draft_rows_behind (draft_id, seq, side, owner) VALUES (?, ?, ?, ?)').run(draftId, seq, side, owner);
}

export function forgetRowsBehind(db: MirrorDb, draftId: number): void {
  stmt(db, 'DELETE FROM draft_rows_behind WHERE draft_id = ?').run(draftId);
}

/** Whether some of the draft's rows are not written yet. */
export function rowsBehind(db: MirrorDb, draftId: number): boolean {
  return stmt(db, 'SELECT 1 FROM draft_rows_behind WHERE draft_id = ? LIMIT 1').get(draftId) !== undefined;
}

export function settleDraftRows(db: MirrorDb, draftId: number, holder?: RowHolder): void {
  // Every read of the rows passes here: when nothing is behind it costs one index lookup.
  if (!rowsBehind(db, draftId)) return;
  // Taken for writing from the start: a read turned write would fail outright, busy timeout
  // or not, once another connection wrote since it began.
  db.transaction(() => {
    const behind = stmt(db, 'SELECT seq, side, owner FROM draft_rows_behind WHERE draft_id = ? ORDER BY id').all(draftId) as { seq: number; side: Side; owner: string }[];
    if (behind.length === 0) return;
    if (holder && behind.every((step) => step.owner === holder.owner)) {
      const positions = new Set<number>();
      for (const { seq } of behind) for (const position of loggedPositions(db, draftId, seq)) positions.add(position);
      for (const position of positions) writeDraftRow(db, draftId, position, holder.held(position));
    } else {
      for (const { seq, side } of behind) replayBehind(db, draftId, seq, side);
    }
    forgetRowsBehind(db, draftId);
  }).immediate();
}

function replayBehind(db: MirrorDb, draftId: number, seq: number, side: Side): void {
  const logged = loggedSide(db, draftId, seq, side);
  logged.positions.forEach((position, i) => {
    let row: DraftRowInput | null = null;
    try {
      row = replay(logged.shape, logged.entries[i], storedRowAt(db, draftId, position));
    } catch (error) {
      if (!(error instanceof HistoryMismatchError)) throw error;
    }
    if (row === null) throw new DraftError("This draft's rows no longer match its undo history, so its last change cannot be written; delete the draft and open the sheet again.");
    writeDraftRow(db, draftId, position, row);
  });
}
