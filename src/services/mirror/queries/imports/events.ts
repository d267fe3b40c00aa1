/**
 * Events, keyed by the external id people type (`--event 1234`); `event_id` is the
 * service's internal id, learned from the first import or lookup that answers it.
 *
 * - `rememberEvent(db, externalEventId, name?, at?)` → the row (created if new; a given
 *   name replaces the stored one).
 * - `learnEventId(db, externalEventId, eventId, at?)` records the internal id (creates the
 *   event row if needed).
 * - `eventByExternalId`, `eventByEventId`, `listEvents` read.
 */
import type { MirrorDb } from '../../db';
import { stmt } from '../statements';

export interface MirrorEvent {
  externalEventId: number;
  eventId: number | null;
  name: string | null;
  createdAt: number;
  learnedAt: number | null;
}

interface Row {
  external_event_id: number;
  event_id: number | null;
  name: string | null;
  created_at: number;
  learned_at: number | null;
}

const toEvent = (row: Row): MirrorEvent => ({
  externalEventId: row.external_event_id,
  eventId: row.event_id,
  name: row.name,
  createdAt: row.created_at,
  learnedAt: row.learned_at,
});

function checkExternalId(externalEventId: number): void {
  if (!Number.isSafeInteger(externalEventId) || externalEventId <= 0) {
    throw new RangeError(`An event's external id must be a positive whole number; got ${String(externalEventId)}.`);
  }
}

export function rememberEvent(db: MirrorDb, externalEventId: number, name?: string | null, at: number = Date.now()): MirrorEvent {
  checkExternalId(externalEventId);
  stmt(
    db,
    `INSERT INTO events (external_event_id, name, created_at) VALUES (?, ?, ?)
     ON CONFLICT(external_event_id) DO UPDATE SET name = coalesce(excluded.name, events.name)`,
  ).run(externalEventId, name ?? null, at);
  return eventByExternalId(db, externalEventId)!;
}

export function learnEventId(db: MirrorDb, externalEventId: number, eventId: number, at: number = Date.now()): MirrorEvent {
  checkExternalId(externalEventId);
  stmt(
    db,
    `INSERT INTO events (external_event_id, event_id, created_at, learned_at) VALUES (@externalEventId, @eventId, @at, @at)
     ON CONFLICT(external_event_id) DO UPDATE SET event_id = excluded.event_id, learned_at = excluded.learned_at`,
  ).run({ externalEventId, eventId, at });
  return eventByExternalId(db, externalEventId)!;
}

export function eventByExternalId(db: MirrorDb, externalEventId: number): MirrorEvent | null {
  const row = stmt(db, 'SELECT * FROM events WHERE external_event_id = ?').get(externalEventId) as Row | undefined;
  return row ? toEvent(row) : null;
}

export function eventByEventId(db: MirrorDb, eventId: number): MirrorEvent | null {
  const row = stmt(db, 'SELECT * FROM events WHERE event_id = ?').get(eventId) as Row | undefined;
  return row ? toEvent(row) : null;
}

export function listEvents(db: MirrorDb): MirrorEvent[] {
  return (stmt(db, 'SELECT * FROM events ORDER BY external_event_id').all() as Row[]).map(toEvent);
}
