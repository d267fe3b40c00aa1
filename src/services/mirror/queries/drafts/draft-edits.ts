/**
 * The undo history of a draft. An edit is a list of row changes; each remembers the row as
 * it was (`before`, null when the row did not exist) and as it became (`after`, null when
 * the edit deleted it), so one shape serves cell edits, bulk fixes, added and deleted rows.
 * The log keeps a side as the fields it changes where it can (edit-sides.ts).
 *
 * - `applyEdit(db, draftId, kind, changes, at?, held?)` → DraftEdit: writes the rows, records the
 *   edit with the next `seq`, and forgets the undone edits after it (a new edit ends redo).
 * - `undo(db, draftId, at?, held?)` / `redo(…)` → the rows the step wrote back (DraftStep),
 *   or null when there is nothing to undo / redo.
 * - `editHistory(db, draftId)` (the steps, without their sides), `historyState(db, draftId)`
 *   → { canUndo, canRedo, … }.
 *
 * `held`: the rows as the caller holds them (null: no such row), when it keeps every row of
 * the draft as the mirror has it; reading and parsing 10,000 rows back cost more than writing them.
 * `later`: a step of at least `later.from` rows, all of them changed and kept, is logged now
 * and its rows are written after (draft-rows-behind.ts), marked as the session `later.owner`'s:
 * the caller answers a large fix without waiting for 10,000 row writes, and the log it waited
 * for holds the step should it stop. Rows its own steps left behind are written from `held`.
 *
 * Each call is ONE transaction over draft_rows, draft_edits and the draft's updated_at, so
 * a crash never leaves rows and history disagreeing (rows kept behind are written first). Edits are refused (`DraftError`) once
 * the draft is pushing or pushed. `kind` is a label for the UI ("cell", "bulk fix", …).
 */
import type { MirrorDb } from '../../db';
import { editableDraft, touchDraft, DraftError } from './drafts';
import { storedRowAt, writeDraftRow, type DraftRowInput } from './draft-row-store';
import { readJson } from '../json';
import { isPatch, replay, sidesOf, HistoryMismatchError, type SideEntry } from './edit-sides';
import { loggedSide } from './draft-edit-log';
import { markRowsBehind, settleDraftRows } from './draft-rows-behind';
import { stmt } from '../statements';

export interface RowChange {
  position: number;
  /** The row as it should become; null deletes it. */
  after: DraftRowInput | null;
}

/** A step of the history as the log lists it. */
export interface HistoryStep {
  draftId: number;
  seq: number;
  kind: string;
  positions: number[];
  undone: boolean;
  createdAt: number;
}

/** An edit just made, with its rows as they were and as they became. */
export interface DraftEdit extends HistoryStep {
  before: (DraftRowInput | null)[];
  after: (DraftRowInput | null)[];
}

interface Row {
  draft_id: number;
  seq: number;
  kind: string;
  positions: string;
  undone: number;
  created_at: number;
}

const toStep = (row: Row): HistoryStep => ({
  draftId: row.draft_id,
  seq: row.seq,
  kind: row.kind,
  positions: readJson<number[]>(row.positions, 'edit positions'),
  undone: row.undone === 1,
  createdAt: row.created_at,
});

type Held = (position: number) => DraftRowInput | null;

export interface RowsLater {
  /** Steps of at least this many rows. */
  from: number;
  /** The session taking them (a token of its own). */
  owner: string;
}

const holderOf = (held: Held | undefined, later: RowsLater | undefined) => (held && later ? { owner: later.owner, held } : undefined);

/** An undo or redo: the rows it wrote, in the order of `positions` (null: the row is gone). */
export interface DraftStep {
  draftId: number;
  seq: number;
  kind: string;
  positions: number[];
  written: (DraftRowInput | null)[];
  undone: boolean;
}

/** Whether positions only grow: then no two are the same, without a set of 10,000 to tell. */
function ascending(positions: readonly number[]): boolean {
  for (let i = 1; i < positions.length; i++) if (positions[i - 1] >= positions[i]) return false;
  return true;
}

export function applyEdit(
  db: MirrorDb,
  draftId: number,
  kind: string,
  changes: readonly RowChange[],
  at: number = Date.now(),
  held?: Held,
  later?: RowsLater,
): DraftEdit {
  if (changes.length === 0) throw new DraftError('An edit must change at least one row.');
  const count = changes.length;
  const positions = new Array<number>(count);
  for (let i = 0; i < count; i++) positions[i] = changes[i].position;
  if (positions.some((p) => !Number.isSafeInteger(p) || p < 0)) throw new DraftError('Row positions must be whole numbers from 0 up.');
  if (!ascending(positions) && new Set(positions).size !== count) throw new DraftError('An edit may change each row only once.');
  return db.transaction(() => {
    editableDraft(db, draftId);
    settleDraftRows(db, draftId, holderOf(held, later));
    // One indexed pass: a bulk fix logs 10,000 rows, and a map per list made each row's objects again.
    const before = new Array<DraftRowInput | null>(count);
    const after = new Array<DraftRowInput | null>(count);
    const back = new Array<SideEntry>(count);
    const forth = new Array<SideEntry>(count);
    let patches = true;
    for (let i = 0; i < count; i++) {
      before[i] = held ? held(positions[i]) : storedRowAt(db, draftId, positions[i]);
      after[i] = changes[i].after;
      const side = sidesOf(before[i], after[i]);
      back[i] = side[0];
      forth[i] = side[1];
      patches &&= isPatch('patches', side[1]);
    }
    const behind = later !== undefined && count >= later.from && patches;
    if (!behind) for (let i = 0; i < count; i++) writeDraftRow(db, draftId, positions[i], after[i]);
    // A new edit after some undos makes those undone edits unreachable: forget them.
    stmt(db, 'DELETE FROM draft_edits WHERE draft_id = ? AND undone = 1').run(draftId);
    const seq = (stmt(db, 'SELECT coalesce(max(seq), 0) + 1 AS seq FROM draft_edits WHERE draft_id = ?').get(draftId) as { seq: number }).seq;
    stmt(db, "INSERT INTO draft_edits (draft_id, seq, kind, positions, before, after, undone, created_at, shape) VALUES (?, ?, ?, ?, ?, ?, 0, ?, 'patches')").run(
      draftId,
      seq,
      kind,
      JSON.stringify(positions),
      JSON.stringify(back),
      JSON.stringify(forth),
      at,
    );
    if (behind) markRowsBehind(db, draftId, seq, 'after', later.owner);
    touchDraft(db, draftId, at);
    return { draftId, seq, kind, positions, before, after, undone: false, createdAt: at };
  })();
}

function step(db: MirrorDb, draftId: number, direction: 'undo' | 'redo', at: number, held?: Held, later?: RowsLater): DraftStep | null {
  return db.transaction(() => {
    editableDraft(db, draftId);
    settleDraftRows(db, draftId, holderOf(held, later));
    const head = (
      direction === 'undo'
        ? stmt(db, 'SELECT seq, kind FROM draft_edits WHERE draft_id = ? AND undone = 0 ORDER BY seq DESC LIMIT 1').get(draftId)
        : stmt(db, 'SELECT seq, kind FROM draft_edits WHERE draft_id = ? AND undone = 1 ORDER BY seq ASC LIMIT 1').get(draftId)
    ) as { seq: number; kind: string } | undefined;
    if (!head) return null;
    const side = direction === 'undo' ? 'before' : 'after';
    const { positions, shape, entries } = loggedSide(db, draftId, head.seq, side);
    let written: (DraftRowInput | null)[];
    try {
      written = positions.map((position, i) => replay(shape, entries[i], held ? held(position) : storedRowAt(db, draftId, position)));
    } catch (error) {
      if (error instanceof HistoryMismatchError) throw new DraftError(`This draft's undo history no longer matches its rows, so it cannot ${direction} that step.`);
      throw error;
    }
    if (later && positions.length >= later.from && entries.every((entry) => isPatch(shape, entry))) markRowsBehind(db, draftId, head.seq, side, later.owner);
    else positions.forEach((position, i) => writeDraftRow(db, draftId, position, written[i]));
    const undone = direction === 'undo' ? 1 : 0;
    stmt(db, 'UPDATE draft_edits SET undone = ? WHERE draft_id = ? AND seq = ?').run(undone, draftId, head.seq);
    touchDraft(db, draftId, at);
    return { draftId, seq: head.seq, kind: head.kind, positions, written, undone: undone === 1 };
  })();
}

export function undo(db: MirrorDb, draftId: number, at: number = Date.now(), held?: Held, later?: RowsLater): DraftStep | null {
  return step(db, draftId, 'undo', at, held, later);
}

export function redo(db: MirrorDb, draftId: number, at: number = Date.now(), held?: Held, later?: RowsLater): DraftStep | null {
  return step(db, draftId, 'redo', at, held, later);
}

export function editHistory(db: MirrorDb, draftId: number): HistoryStep[] {
  return (stmt(db, 'SELECT draft_id, seq, kind, positions, undone, created_at FROM draft_edits WHERE draft_id = ? ORDER BY seq').all(draftId) as Row[]).map(toStep);
}

/** Every step of the draft's history, done or undone: what deleting it loses beside its rows. */
export function countDraftEdits(db: MirrorDb, draftId: number): number {
  return (stmt(db, 'SELECT count(*) AS n FROM draft_edits WHERE draft_id = ?').get(draftId) as { n: number }).n;
}

export interface HistoryState {
  canUndo: boolean;
  canRedo: boolean;
  /** The labels of the edit an undo / redo would act on, for "Undo bulk fix". */
  undoKind: string | null;
  redoKind: string | null;
}

export function historyState(db: MirrorDb, draftId: number): HistoryState {
  const undoRow = stmt(db, 'SELECT kind FROM draft_edits WHERE draft_id = ? AND undone = 0 ORDER BY seq DESC LIMIT 1').get(draftId) as { kind: string } | undefined;
  const redoRow = stmt(db, 'SELECT kind FROM draft_edits WHERE draft_id = ? AND undone = 1 ORDER BY seq ASC LIMIT 1').get(draftId) as { kind: string } | undefined;
  return { canUndo: !!undoRow, canRedo: !!redoRow, undoKind: undoRow?.kind ?? null, redoKind: redoRow?.kind ?? null };
}
