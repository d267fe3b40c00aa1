/**
 * Where syncing stands, from the outbox, for the UI and `muster status`.
 *
 * - `outboxStatus(db, now)` → counts per state, oldest unfinished op's age, last successful
 *   sync, the current error (why the queue is paused, else the error of the oldest op that
 *   is waiting to retry), and when the next retry is due.
 * - `entityState(db, entityType, entityKey)` / `entityStates(db, entityType)` → per record:
 *   `blocked` if any of its ops is blocked (it needs the person), else the state of its
 *   newest op (so a refused change followed by a fixed one that went through reads `done`);
 *   null when the record never had an op.
 * - `pruneDone(db, before)` deletes done ops finished before `before` (history for the UI
 *   is kept until then; ids are never reused).
 */
import type { MirrorDb } from '../../db';
import { errorWordsOf, OUTBOX_STATES, type OutboxState } from './outbox';
import { nextWakeAt } from './outbox-queue';
import { stmt } from '../statements';
import { lastSyncAt, pausedState } from './sync-state';

export interface OutboxStatus {
  counts: Record<OutboxState, number>;
  /** ms since the oldest pending or in-flight op was made; null when none. */
  oldestPendingAgeMs: number | null;
  lastSyncAt: number | null;
  currentError: string | null;
  /** The current error as words for the page's language, when Muster said it (a retrying change's). */
  currentErrorWords: ReturnType<typeof errorWordsOf>;
  /** Set while the queue is paused (e.g. 'unauthorized'). */
  pausedReason: string | null;
  nextAttemptAt: number | null;
}

export interface EntityState {
  state: OutboxState;
  opId: number;
  kind: string;
  lastError: string | null;
  lastStatus: number | null;
}

export function outboxStatus(db: MirrorDb, now: number = Date.now()): OutboxStatus {
  const counts = Object.fromEntries(OUTBOX_STATES.map((s) => [s, 0])) as Record<OutboxState, number>;
  for (const row of stmt(db, 'SELECT state, count(*) AS n FROM outbox GROUP BY state').all() as { state: OutboxState; n: number }[]) counts[row.state] = row.n;
  const oldest = stmt(db, "SELECT min(created_at) FROM outbox WHERE state IN ('pending', 'in_flight')").pluck().get() as number | null;
  const paused = pausedState(db);
  const retrying = stmt(db, "SELECT last_error, last_error_words FROM outbox WHERE state = 'pending' AND last_error IS NOT NULL ORDER BY id LIMIT 1").get() as
    | { last_error: string; last_error_words: string | null }
    | undefined;
  return {
    counts,
    oldestPendingAgeMs: oldest === null ? null : Math.max(0, now - oldest),
    lastSyncAt: lastSyncAt(db),
    currentError: paused?.message ?? retrying?.last_error ?? null,
    currentErrorWords: paused ? null : retrying ? errorWordsOf(retrying) : null,
    pausedReason: paused?.reason ?? null,
    nextAttemptAt: nextWakeAt(db),
  };
}

interface StateRow {
  entity_key: string;
  id: number;
  kind: string;
  state: OutboxState;
  last_error: string | null;
  last_status: number | null;
}

const toState = (row: StateRow): EntityState => ({ state: row.state, opId: row.id, kind: row.kind, lastError: row.last_error, lastStatus: row.last_status });

// The newest op per entity, unless one is blocked (the oldest blocked one wins then).
const STATES = `SELECT entity_key, id, kind, state, last_error, last_status FROM outbox o
  WHERE o.entity_type = ? AND o.id = coalesce(
    (SELECT min(b.id) FROM outbox b WHERE b.entity_type = o.entity_type AND b.entity_key = o.entity_key AND b.state = 'blocked'),
    (SELECT max(n.id) FROM outbox n WHERE n.entity_type = o.entity_type AND n.entity_key = o.entity_key))`;

export function entityState(db: MirrorDb, entityType: string, entityKey: string | number): EntityState | null {
  const row = stmt(db, `${STATES} AND o.entity_key = ?`).get(entityType, String(entityKey)) as StateRow | undefined;
  return row ? toState(row) : null;
}

export function entityStates(db: MirrorDb, entityType: string): Map<string, EntityState> {
  const rows = stmt(db, STATES).all(entityType) as StateRow[];
  return new Map(rows.map((row) => [row.entity_key, toState(row)]));
}

export function pruneDone(db: MirrorDb, before: number): number {
  // An op another kept op depends on stays, or the reference would dangle.
  return stmt(
    db,
    `DELETE FROM outbox WHERE state = 'done' AND done_at < @before
       AND id NOT IN (SELECT depends_on FROM outbox WHERE depends_on IS NOT NULL AND NOT (state = 'done' AND done_at < @before))`,
  ).run({ before }).changes;
}
