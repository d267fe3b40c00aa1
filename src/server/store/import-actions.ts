import type { Db } from '../db/open';
import { DEFAULT_IMPORT_FLAGS, IMPORT_FLAG_NAMES, type ImportActionResult, type ImportActionStatus, type ImportFlags, type ParticipantImportAction } from '../../core/contract/imports';
import type { Caller } from '../http/auth';

interface ActionRow {
  id: number;
  company_id: number;
  participant_import_id: number;
  status: ImportActionStatus;
  flags: string;
  progress_total: number;
  progress_processed: number;
  result: string | null;
  error: string | null;
  created_by_id: number;
  created_by_type: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

function toAction(row: ActionRow): ParticipantImportAction {
  return {
    id: row.id,
    participant_import_id: row.participant_import_id,
    company_id: row.company_id,
    status: row.status,
    ...(JSON.parse(row.flags) as ImportFlags),
    progress: { total: row.progress_total, processed: row.progress_processed },
    result: row.result ? (JSON.parse(row.result) as ImportActionResult) : null,
    error: row.error,
    created_by_id: row.created_by_id,
    created_by_type: row.created_by_type,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

/** The six flags of a request, each defaulted as the interface document says. */
export function flagsOf(body: Partial<ImportFlags>): ImportFlags {
  const flags = { ...DEFAULT_IMPORT_FLAGS };
  for (const name of IMPORT_FLAG_NAMES) if (typeof body[name] === 'boolean') flags[name] = body[name];
  return flags;
}

export function insertAction(db: Db, caller: Caller, importId: number, flags: ImportFlags, total: number, now: Date): number {
  const info = db
    .prepare(
      `INSERT INTO participant_import_actions (company_id, participant_import_id, status, flags, progress_total, created_by_id, created_by_type, created_at)
       VALUES (?, ?, 'queued', ?, ?, ?, ?, ?)`,
    )
    .run(caller.companyId, importId, JSON.stringify(flags), total, caller.applicationId, caller.creatorType, now.toISOString());
  return Number(info.lastInsertRowid);
}

export function findAction(db: Db, companyId: number, id: number): ParticipantImportAction | undefined {
  const row = db.prepare('SELECT * FROM participant_import_actions WHERE company_id = ? AND id = ?').get(companyId, id) as ActionRow | undefined;
  return row && toAction(row);
}

export function actionById(db: Db, id: number): ParticipantImportAction | undefined {
  const row = db.prepare('SELECT * FROM participant_import_actions WHERE id = ?').get(id) as ActionRow | undefined;
  return row && toAction(row);
}

export function listActions(db: Db, companyId: number, importId: number): ParticipantImportAction[] {
  const rows = db
    .prepare('SELECT * FROM participant_import_actions WHERE company_id = ? AND participant_import_id = ? ORDER BY id')
    .all(companyId, importId) as ActionRow[];
  return rows.map(toAction);
}

export function hasUnfinishedAction(db: Db, importId: number): boolean {
  return db.prepare("SELECT 1 FROM participant_import_actions WHERE participant_import_id = ? AND status IN ('queued', 'running')").get(importId) !== undefined;
}

/** Actions a restarted service must pick up again, oldest first. */
export function unfinishedActionIds(db: Db): number[] {
  return (db.prepare("SELECT id FROM participant_import_actions WHERE status IN ('queued', 'running') ORDER BY id").all() as { id: number }[]).map((r) => r.id);
}
