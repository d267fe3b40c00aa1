/**
 * Import actions (the service's jobs) as last seen, for progress display and resuming the
 * poll after a restart. `id` is the service's; the import must be recorded first.
 *
 * - `recordImportAction(db, record, at?)` upserts from a create, show or index answer.
 * - `importActionById`, `actionsOfImport(db, importId)` (oldest first), `unfinishedActions`
 *   (queued or running: what a restarted app must keep polling).
 */
import { IMPORT_FLAG_NAMES, type ImportActionResult, type ImportActionStatus, type ImportFlags, type ParticipantImportAction } from '../../../../core/contract/imports';
import type { MirrorDb } from '../../db';
import { readJson, readJsonOrNull } from '../json';
import { stmt } from '../statements';

export interface MirrorImportAction {
  id: number;
  importId: number;
  flags: ImportFlags;
  status: ImportActionStatus;
  progress: { total: number; processed: number };
  result: ImportActionResult | null;
  error: string | null;
  record: ParticipantImportAction;
  updatedAt: number;
}

interface Row {
  id: number;
  import_id: number;
  flags: string;
  status: ImportActionStatus;
  progress_total: number;
  progress_processed: number;
  result: string | null;
  error: string | null;
  record: string;
  updated_at: number;
}

const toAction = (row: Row): MirrorImportAction => ({
  id: row.id,
  importId: row.import_id,
  flags: readJson<ImportFlags>(row.flags, 'import flags'),
  status: row.status,
  progress: { total: row.progress_total, processed: row.progress_processed },
  result: readJsonOrNull<ImportActionResult>(row.result, 'action result'),
  error: row.error,
  record: readJson<ParticipantImportAction>(row.record, 'import action'),
  updatedAt: row.updated_at,
});

export function recordImportAction(db: MirrorDb, record: ParticipantImportAction, at: number = Date.now()): MirrorImportAction {
  const flags = Object.fromEntries(IMPORT_FLAG_NAMES.map((name) => [name, record[name] === true]));
  stmt(
    db,
    `INSERT INTO import_actions (id, import_id, flags, status, progress_total, progress_processed, result, error, record, updated_at)
     VALUES (@id, @importId, @flags, @status, @total, @processed, @result, @error, @record, @at)
     ON CONFLICT(id) DO UPDATE SET import_id = excluded.import_id, flags = excluded.flags, status = excluded.status,
       progress_total = excluded.progress_total, progress_processed = excluded.progress_processed,
       result = excluded.result, error = excluded.error, record = excluded.record, updated_at = excluded.updated_at`,
  ).run({
    id: record.id,
    importId: record.participant_import_id,
    flags: JSON.stringify(flags),
    status: record.status,
    total: record.progress?.total ?? 0,
    processed: record.progress?.processed ?? 0,
    result: record.result ? JSON.stringify(record.result) : null,
    error: record.error ?? null,
    record: JSON.stringify(record),
    at,
  });
  return importActionById(db, record.id)!;
}

export function importActionById(db: MirrorDb, id: number): MirrorImportAction | null {
  const row = stmt(db, 'SELECT * FROM import_actions WHERE id = ?').get(id) as Row | undefined;
  return row ? toAction(row) : null;
}

export function actionsOfImport(db: MirrorDb, importId: number): MirrorImportAction[] {
  return (stmt(db, 'SELECT * FROM import_actions WHERE import_id = ? ORDER BY id').all(importId) as Row[]).map(toAction);
}

export function unfinishedActions(db: MirrorDb): MirrorImportAction[] {
  return (stmt(db, "SELECT * FROM import_actions WHERE status IN ('queued', 'running') ORDER BY id").all() as Row[]).map(toAction);
}
