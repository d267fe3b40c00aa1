/**
 * One side of a logged step of a draft's history, as the log keeps it: the positions it
 * changed, how it keeps its sides (edit-sides.ts) and the side itself, parsed. Shared by
 * undo and redo (draft-edits.ts) and by the rows a step has not written yet
 * (draft-rows-behind.ts).
 */
import type { MirrorDb } from '../../db';
import { readJson } from '../json';
import { stmt } from '../statements';
import type { HistoryShape } from './edit-sides';

export type Side = 'before' | 'after';

export interface LoggedSide {
  positions: number[];
  shape: HistoryShape;
  entries: unknown[];
}

export function loggedSide(db: MirrorDb, draftId: number, seq: number, side: Side): LoggedSide {
  // Only the side asked for is read and parsed.
  const row = (
    side === 'before'
      ? stmt(db, 'SELECT positions, shape, before AS entries FROM draft_edits WHERE draft_id = ? AND seq = ?').get(draftId, seq)
      : stmt(db, 'SELECT positions, shape, after AS entries FROM draft_edits WHERE draft_id = ? AND seq = ?').get(draftId, seq)
  ) as { positions: string; shape: HistoryShape; entries: string };
  return { positions: readJson<number[]>(row.positions, 'edit positions'), shape: row.shape, entries: readJson<unknown[]>(row.entries, 'edit history') };
}

/** The positions a logged step changed. */
export function loggedPositions(db: MirrorDb, draftId: number, seq: number): number[] {
  const text = stmt(db, 'SELECT positions FROM draft_edits WHERE draft_id = ? AND seq = ?').pluck().get(draftId, seq) as string;
  return readJson<number[]>(text, 'edit positions');
}
