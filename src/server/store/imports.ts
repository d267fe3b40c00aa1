import type { Db } from '../db/open';
import { nextId } from './ids';
import type { ParticipantImport, ParticipantInput } from '../../core/contract/imports';
import type { Caller } from '../http/auth';

interface ImportRow {
  id: number;
  company_id: number;
  event_id: number;
  created_by_id: number;
  created_by_type: string;
  act_if_valid: number;
  participant_count: number;
  created_at: string;
  file_name: string | null;
  content_type: string | null;
  document_created_at: string | null;
  action_id: number | null;
}

const SELECT_IMPORT = `
  SELECT i.id, i.company_id, i.event_id, i.created_by_id, i.created_by_type, i.act_if_valid,
         i.participant_count, i.created_at, d.file_name, d.content_type, d.created_at AS document_created_at,
         (SELECT a.id FROM participant_import_actions a WHERE a.participant_import_id = i.id ORDER BY a.id DESC LIMIT 1) AS action_id
    FROM participant_imports i LEFT JOIN documents d ON d.id = i.document_id`;

function toImport(row: ImportRow): ParticipantImport {
  return {
    id: row.id,
    event_id: row.event_id,
    company_id: row.company_id,
    created_by_id: row.created_by_id,
    created_by_type: row.created_by_type,
    document_file_name: row.file_name,
    document_content_type: row.content_type,
    document_updated_at: row.document_created_at,
    act_if_valid: row.act_if_valid === 1,
    participant_count: row.participant_count,
    participant_import_action_id: row.action_id,
    created_at: row.created_at,
  };
}

export function insertImport(db: Db, caller: Caller, eventId: number, actIfValid: boolean, participants: ParticipantInput[], now: Date): number {
  const info = db
    .prepare(
      `INSERT INTO participant_imports (id, company_id, event_id, created_by_id, created_by_type, act_if_valid, payload, participant_count, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(nextId(db, 'participant_imports'), caller.companyId, eventId, caller.applicationId, caller.creatorType, actIfValid ? 1 : 0, JSON.stringify(participants), participants.length, now.toISOString());
  return Number(info.lastInsertRowid);
}

export function findImport(db: Db, companyId: number, id: number): ParticipantImport | undefined {
  const row = db.prepare(`${SELECT_IMPORT} WHERE i.company_id = ? AND i.id = ?`).get(companyId, id) as ImportRow | undefined;
  return row && toImport(row);
}

export function listImports(db: Db, companyId: number, eventId: number): ParticipantImport[] {
  const rows = db.prepare(`${SELECT_IMPORT} WHERE i.company_id = ? AND i.event_id = ? ORDER BY i.id`).all(companyId, eventId) as ImportRow[];
  return rows.map(toImport);
}

/** The participants exactly as submitted. */
export function importPayload(db: Db, id: number): ParticipantInput[] {
  const row = db.prepare('SELECT payload FROM participant_imports WHERE id = ?').get(id) as { payload: string } | undefined;
  return row ? (JSON.parse(row.payload) as ParticipantInput[]) : [];
}

export function deleteImport(db: Db, companyId: number, id: number): boolean {
  return db.prepare('DELETE FROM participant_imports WHERE company_id = ? AND id = ?').run(companyId, id).changes > 0;
}

export function documentIdOf(db: Db, importId: number): number | null {
  const row = db.prepare('SELECT document_id FROM participant_imports WHERE id = ?').get(importId) as { document_id: number | null } | undefined;
  return row?.document_id ?? null;
}

export function attachDocument(db: Db, importId: number, documentId: number): void {
  db.prepare('UPDATE participant_imports SET document_id = ? WHERE id = ?').run(documentId, importId);
}

/** The event and company an import belongs to, whoever asks (the job runner, not a request). */
export function importOwner(db: Db, id: number): { event_id: number; company_id: number } | undefined {
  return db.prepare('SELECT event_id, company_id FROM participant_imports WHERE id = ?').get(id) as { event_id: number; company_id: number } | undefined;
}
