/**
 * Import drafts: a sheet read for one event, with how it was read (sheet, header row,
 * column mapping) and the six import flags it will be pushed with. Rows live in
 * draft_rows, edits in draft_edits.
 *
 * - `createDraft(db, input, rows?, at?)` → Draft; creates the event row if needed; rows are
 *   bulk-inserted in the same transaction.
 * - `resetDraftRows(db, id, setup, rows, at?)`: the sheet was read again (another sheet,
 *   header row or mapping): rows are replaced and the undo history cleared, atomically.
 * - `setDraftFlags`, `setDraftState(db, id, state, { from?, at? })` (compare-and-set: false
 *   when the draft was not in one of `from`), `draftById`, `listDrafts`, `deleteDraft`.
 * - `renameDraft(db, id, name, at?)`; `draftsOfSource(db, externalEventId, hash)`: the
 *   drafts of an event made from a file with that content, last edited first.
 *
 * Drafts that are pushing or pushed cannot be edited (`DraftError`): what the service got
 * must stay what the mirror shows.
 */
import { DEFAULT_IMPORT_FLAGS, type ImportFlags } from '../../../../core/contract/imports';
import type { ColumnMapping } from '../../../../core/intake/types';
import type { MirrorDb } from '../../db';
import { FIRST_POSITION, insertDraftRows, type DraftRowInput } from './draft-rows';
import { forgetRowsBehind } from './draft-rows-behind';
import { DraftError } from './draft-error';
import { readJson, readJsonOrNull } from '../json';
import { stmt } from '../statements';

export const DRAFT_STATES = ['editing', 'ready', 'pushing', 'pushed', 'failed'] as const;
export type DraftState = (typeof DRAFT_STATES)[number];

export { DraftError } from './draft-error';

export interface DraftSource {
  /** The file's name without its folder, as the person chose it. */
  name: string;
  size: number;
  /** A content hash (hex), to notice the same file chosen again or changed since. */
  hash: string;
}

export interface DraftSetup {
  sheetName: string | null;
  /** 1-based, as the spreadsheet app shows it. */
  headerRow: number | null;
  mapping: ColumnMapping | null;
}

export interface NewDraft extends Partial<DraftSetup> {
  externalEventId: number;
  source: DraftSource;
  flags?: Partial<ImportFlags>;
}

export interface Draft extends DraftSetup {
  id: number;
  /** The name the person gave it, else the file's name. */
  name: string;
  externalEventId: number;
  source: DraftSource;
  flags: ImportFlags;
  state: DraftState;
  createdAt: number;
  updatedAt: number;
}

interface Row {
  id: number;
  name: string | null;
  external_event_id: number;
  source_name: string;
  source_size: number;
  source_hash: string;
  sheet_name: string | null;
  header_row: number | null;
  mapping: string | null;
  flags: string;
  state: DraftState;
  created_at: number;
  updated_at: number;
}

const toDraft = (row: Row): Draft => ({
  id: row.id,
  name: row.name ?? row.source_name,
  externalEventId: row.external_event_id,
  source: { name: row.source_name, size: row.source_size, hash: row.source_hash },
  sheetName: row.sheet_name,
  headerRow: row.header_row,
  mapping: readJsonOrNull<ColumnMapping>(row.mapping, 'column mapping'),
  flags: { ...DEFAULT_IMPORT_FLAGS, ...readJson<Partial<ImportFlags>>(row.flags, 'import flags') },
  state: row.state,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const flagsJson = (flags: Partial<ImportFlags> | undefined): string => {
  const all: Record<string, boolean> = { ...DEFAULT_IMPORT_FLAGS };
  for (const name of Object.keys(DEFAULT_IMPORT_FLAGS)) {
    const value = flags?.[name as keyof ImportFlags];
    if (value !== undefined) all[name] = value === true;
  }
  return JSON.stringify(all);
};

export function createDraft(db: MirrorDb, input: NewDraft, rows: readonly DraftRowInput[] = [], at: number = Date.now()): Draft {
  return db.transaction(() => {
    stmt(db, 'INSERT INTO events (external_event_id, created_at) VALUES (?, ?) ON CONFLICT(external_event_id) DO NOTHING').run(input.externalEventId, at);
    const id = Number(
      stmt(
        db,
        // Numbered above every draft ever deleted (migration 009): an id is never given twice.
        `INSERT INTO drafts (id, external_event_id, source_name, source_size, source_hash, sheet_name, header_row, mapping, flags, state, created_at, updated_at)
         VALUES (max(coalesce((SELECT max(id) FROM drafts), 0), (SELECT last FROM draft_id_floor)) + 1, ?, ?, ?, ?, ?, ?, ?, ?, 'editing', ?, ?)`,
      ).run(
        input.externalEventId,
        input.source.name,
        input.source.size,
        input.source.hash,
        input.sheetName ?? null,
        input.headerRow ?? null,
        input.mapping ? JSON.stringify(input.mapping) : null,
        flagsJson(input.flags),
        at,
        at,
      ).lastInsertRowid,
    );
    insertDraftRows(db, id, rows, FIRST_POSITION);
    return draftById(db, id)!;
  })();
}

export function draftById(db: MirrorDb, id: number): Draft | null {
  const row = stmt(db, 'SELECT * FROM drafts WHERE id = ?').get(id) as Row | undefined;
  return row ? toDraft(row) : null;
}

/** Newest first; only one event's drafts when `externalEventId` is given. */
export function listDrafts(db: MirrorDb, externalEventId?: number): Draft[] {
  const rows = (externalEventId === undefined
    ? stmt(db, 'SELECT * FROM drafts ORDER BY id DESC').all()
    : stmt(db, 'SELECT * FROM drafts WHERE external_event_id = ? ORDER BY id DESC').all(externalEventId)) as Row[];
  return rows.map(toDraft);
}

/** The drafts of an event read from a file with this content hash, last edited first. */
export function draftsOfSource(db: MirrorDb, externalEventId: number, hash: string): Draft[] {
  const rows = stmt(db, 'SELECT * FROM drafts WHERE external_event_id = ? AND source_hash = ? ORDER BY updated_at DESC, id DESC').all(externalEventId, hash) as Row[];
  return rows.map(toDraft);
}

/** A name of the person's own; any state, as it changes nothing that is pushed. False when there is no such draft. */
export function renameDraft(db: MirrorDb, id: number, name: string, at: number = Date.now()): boolean {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 200) throw new DraftError('A draft’s name has 1 to 200 characters.');
  return stmt(db, 'UPDATE drafts SET name = ?, updated_at = ? WHERE id = ?').run(trimmed, at, id).changes === 1;
}

/** Throws a DraftError unless the draft exists and may still change. Answers it. */
export function editableDraft(db: MirrorDb, id: number): Draft {
  const draft = draftById(db, id);
  if (!draft) throw new DraftError(`Draft ${id} does not exist (it may have been deleted).`);
  if (draft.state === 'pushing' || draft.state === 'pushed') {
    throw new DraftError(`Draft ${id} (${draft.source.name}) is ${draft.state === 'pushing' ? 'being pushed' : 'already pushed'} and can no longer be changed.`);
  }
  return draft;
}

export function touchDraft(db: MirrorDb, id: number, at: number): void {
  stmt(db, 'UPDATE drafts SET updated_at = ? WHERE id = ?').run(at, id);
}

export function resetDraftRows(db: MirrorDb, id: number, setup: DraftSetup, rows: readonly DraftRowInput[], at: number = Date.now()): Draft {
  return db.transaction(() => {
    editableDraft(db, id);
    forgetRowsBehind(db, id);
    stmt(db, 'DELETE FROM draft_rows WHERE draft_id = ?').run(id);
    stmt(db, 'DELETE FROM draft_edits WHERE draft_id = ?').run(id);
    stmt(db, 'UPDATE drafts SET sheet_name = ?, header_row = ?, mapping = ?, updated_at = ? WHERE id = ?').run(
      setup.sheetName,
      setup.headerRow,
      setup.mapping ? JSON.stringify(setup.mapping) : null,
      at,
      id,
    );
    insertDraftRows(db, id, rows, FIRST_POSITION);
    return draftById(db, id)!;
  })();
}

export function setDraftFlags(db: MirrorDb, id: number, flags: Partial<ImportFlags>, at: number = Date.now()): Draft {
  return db.transaction(() => {
    const draft = editableDraft(db, id);
    stmt(db, 'UPDATE drafts SET flags = ?, updated_at = ? WHERE id = ?').run(flagsJson({ ...draft.flags, ...flags }), at, id);
    return draftById(db, id)!;
  })();
}

export function setDraftState(db: MirrorDb, id: number, state: DraftState, options: { from?: readonly DraftState[]; at?: number } = {}): boolean {
  if (!DRAFT_STATES.includes(state)) throw new DraftError(`"${state}" is not a draft state.`);
  const at = options.at ?? Date.now();
  const from = options.from ?? DRAFT_STATES;
  const placeholders = from.map(() => '?').join(', ');
  const info = stmt(db, `UPDATE drafts SET state = ?, updated_at = ? WHERE id = ? AND state IN (${placeholders})`).run(state, at, id, ...from);
  return info.changes === 1;
}

/** Deletes a draft with its rows and history; refused while it is being pushed. */
export function deleteDraft(db: MirrorDb, id: number): boolean {
  return db.transaction(() => {
    const draft = draftById(db, id);
    if (!draft) return false;
    if (draft.state === 'pushing') throw new DraftError(`Draft ${id} (${draft.source.name}) is being pushed; wait until it ends before deleting it.`);
    return stmt(db, 'DELETE FROM drafts WHERE id = ?').run(id).changes === 1;
  })();
}
