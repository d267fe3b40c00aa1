/**
 * Rows a step of a draft's history has logged but not written yet (migration 015). The
 * workspace answers a fix of 10,000 rows once the step is in the log, and writes the rows
 * when the main side is idle; the log is the record, the rows follow it.
 *
 * - `markRowsBehind(db, draftId, seq, side)`: the rows of that side of a logged step are
 *   still to be written (called in the step's own transaction).
 * - `settleDraftRows(db, draftId, held?)`: writes every row still behind, in the order the
 *   steps were taken, and forgets the marks, in one transaction. With `held` (the rows as a
 *   caller holding all of them has them, which is what the steps made) the rows are written
 *   from there; without it, each side is replayed over the rows as the file has them, which
 *   is what a new process does after one that stopped before its rows were written.
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

type Held = (position: number) => DraftRowInput | null;

export function markRowsBehind(db: MirrorDb, draftId: number, seq: number, side: Side): void {
  stmt(db, 'INSERT INTO draft_rows_behind (draft_id, seq, side) VALUES (?, ?, ?)').run(draftId, seq, side);
}

export function forgetRowsBehind(db: MirrorDb, draftId: number): void {
  stmt(db, 'DELETE FROM draft_rows_behind WHERE draft_id = ?').run(draftId);
}

/** Whether some of the draft's rows are not written yet. */
export function rowsBehind(db: MirrorDb, draftId: number): boolean {
  return stmt(db, 'SELECT 1 FROM draft_rows_behind WHERE draft_id = ? LIMIT 1').get(draftId) !== undefined;
}

export function settleDraftRows(db: MirrorDb, draftId: number, held?: Held): void {
  // Every read of the rows passes here: when nothing is behind it costs one index lookup.
  if (!rowsBehind(db, draftId)) return;
  db.transaction(() => {
    const behind = stmt(db, 'SELECT seq, side FROM draft_rows_behind WHERE draft_id = ? ORDER BY id').all(draftId) as { seq: number; side: Side }[];
    if (held) {
      const positions = new Set<number>();
      for (const { seq } of behind) for (const position of loggedPositions(db, draftId, seq)) positions.add(position);
      for (const position of positions) writeDraftRow(db, draftId, position, held(position));
    } else {
      for (const { seq, side } of behind) {
        const logged = loggedSide(db, draftId, seq, side);
        logged.positions.forEach((position, i) => {
          const row = replay(logged.shape, logged.entries[i], storedRowAt(db, draftId, position));
          if (row === null) throw new HistoryMismatchError('a step behind removes a row');
          writeDraftRow(db, draftId, position, row);
        });
      }
    }
    forgetRowsBehind(db, draftId);
  })();
}
