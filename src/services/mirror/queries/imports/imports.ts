/**
 * Imports as last seen on the service (`id` is the service's). An import pushed from a
 * draft keeps its `draftId`; imports pulled from the service have none.
 *
 * - `recordImport(db, record, { externalEventId?, draftId?, at? })` upserts from a service
 *   answer (create, show or index). The known draft and external id are kept when a later
 *   answer does not say them. Creates the event row and learns its `event_id` when the
 *   external id is given.
 * - `importById`, `importsOfEvent(db, eventId)` (oldest first, as the service lists them),
 *   `importOfDraft(db, draftId)` (the newest), `forgetImport` (it is gone from the service;
 *   its parser result and actions go with it).
 */
import type { ParticipantImport } from '../../../../core/contract/imports';
import type { MirrorDb } from '../../db';
import { readJson } from '../json';
import { stmt } from '../statements';

export interface MirrorImport {
  id: number;
  eventId: number;
  externalEventId: number | null;
  draftId: number | null;
  createdAt: string;
  record: ParticipantImport;
  seenAt: number;
}

interface Row {
  id: number;
  event_id: number;
  external_event_id: number | null;
  draft_id: number | null;
  created_at: string;
  record: string;
  seen_at: number;
}

const toImport = (row: Row): MirrorImport => ({
  id: row.id,
  eventId: row.event_id,
  externalEventId: row.external_event_id,
  draftId: row.draft_id,
  createdAt: row.created_at,
  record: readJson<ParticipantImport>(row.record, 'import'),
  seenAt: row.seen_at,
});

export function recordImport(
  db: MirrorDb,
  record: ParticipantImport,
  options: { externalEventId?: number | null; draftId?: number | null; at?: number } = {},
): MirrorImport {
  const at = options.at ?? Date.now();
  return db.transaction(() => {
    let external = options.externalEventId ?? null;
    if (external !== null) {
      stmt(
        db,
        `INSERT INTO events (external_event_id, event_id, created_at, learned_at) VALUES (@external, @eventId, @at, @at)
         ON CONFLICT(external_event_id) DO UPDATE SET event_id = excluded.event_id,
           learned_at = CASE WHEN events.event_id IS excluded.event_id THEN events.learned_at ELSE excluded.learned_at END`,
      ).run({ external, eventId: record.event_id, at });
    } else {
      // Pulled by event id: the mirror may already know which external id that is.
      external = (stmt(db, 'SELECT external_event_id FROM events WHERE event_id = ?').pluck().get(record.event_id) as number | undefined) ?? null;
    }
    stmt(
      db,
      `INSERT INTO imports (id, event_id, external_event_id, draft_id, created_at, record, seen_at)
       VALUES (@id, @eventId, @external, @draftId, @createdAt, @record, @at)
       ON CONFLICT(id) DO UPDATE SET event_id = excluded.event_id,
         external_event_id = coalesce(excluded.external_event_id, imports.external_event_id),
         draft_id = coalesce(excluded.draft_id, imports.draft_id),
         created_at = excluded.created_at, record = excluded.record, seen_at = excluded.seen_at`,
    ).run({ id: record.id, eventId: record.event_id, external, draftId: options.draftId ?? null, createdAt: record.created_at, record: JSON.stringify(record), at });
    return importById(db, record.id)!;
  })();
}

export function importById(db: MirrorDb, id: number): MirrorImport | null {
  const row = stmt(db, 'SELECT * FROM imports WHERE id = ?').get(id) as Row | undefined;
  return row ? toImport(row) : null;
}

export function importsOfEvent(db: MirrorDb, eventId: number): MirrorImport[] {
  return (stmt(db, 'SELECT * FROM imports WHERE event_id = ? ORDER BY id').all(eventId) as Row[]).map(toImport);
}

export function importOfDraft(db: MirrorDb, draftId: number): MirrorImport | null {
  const row = stmt(db, 'SELECT * FROM imports WHERE draft_id = ? ORDER BY id DESC LIMIT 1').get(draftId) as Row | undefined;
  return row ? toImport(row) : null;
}

/** The import no longer stands for its draft (the person went back to edit the draft). */
export function detachImport(db: MirrorDb, id: number): void {
  stmt(db, 'UPDATE imports SET draft_id = NULL WHERE id = ?').run(id);
}

export function forgetImport(db: MirrorDb, id: number): boolean {
  return stmt(db, 'DELETE FROM imports WHERE id = ?').run(id).changes === 1;
}
