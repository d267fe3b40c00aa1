/**
 * What the outbox runner does next.
 *
 * - `nextRunnable(db, now)` → the oldest pending op that may run now, or null: its
 *   `next_attempt_at` has come, no earlier op on the same entity is unfinished (pending,
 *   in flight or blocked: FIFO per entity; a rejected earlier op does not hold later ones,
 *   give them `dependsOn` when they need it), and its dependency is done. Pending ops whose
 *   dependency was rejected or is blocked are marked `blocked` first, with a sentence.
 *   It does not claim: call `claim` (outbox.ts) with the answer.
 * - `nextWakeAt(db)` → the earliest `next_attempt_at` (ms) among pending ops that only wait
 *   for their time, or null: when the runner's timer should fire even if nothing new is
 *   enqueued. Ops waiting for another op are not counted (that op's end wakes the runner).
 * - `retryNow(db, now)`: every pending op waiting for a later attempt may run now; answers
 *   how many. For a person who asks to sync: the service may be back long before the
 *   backoff would have tried again. Attempts and errors are kept, so backoff resumes from
 *   where it was if the service is still away.
 * - An op postponed to `HELD` waits for a person, not for time (a push whose parse they must
 *   look at): no timer wakes it, `retryNow` leaves it, and a sync does not count it as work
 *   still due. `releaseHeld(db, entityType, entityKey, now)` lets the entity's held ops run.
 */
import type { MirrorDb } from '../../db';
import { blockedSentence, toOp, type OpRow, type OutboxOp, type OutboxState } from './outbox';
import { stmt } from '../statements';

const STUCK = `SELECT o.id, d.id AS blocker_id, d.kind AS blocker_kind, d.state AS blocker_state, d.last_error AS blocker_error
  FROM outbox o JOIN outbox d ON d.id = o.depends_on
  WHERE o.state = 'pending' AND d.state IN ('rejected', 'blocked')`;

// Pending ops at the head of their entity's queue whose dependency is done.
const READY = `FROM outbox o
  WHERE o.state = 'pending'
    AND NOT EXISTS (SELECT 1 FROM outbox e
      WHERE e.entity_type = o.entity_type AND e.entity_key = o.entity_key AND e.id < o.id AND e.state IN ('pending', 'in_flight', 'blocked'))
    AND (o.depends_on IS NULL OR EXISTS (SELECT 1 FROM outbox d WHERE d.id = o.depends_on AND d.state = 'done'))`;

const RUNNABLE = `SELECT o.* ${READY} AND o.next_attempt_at <= ? ORDER BY o.id LIMIT 1`;

/** The next attempt of an op that waits for a person (the largest time a Date can hold). */
export const HELD = 8_640_000_000_000_000;

/** Marks pending ops whose dependency can no longer complete; answers how many. */
export function blockStuck(db: MirrorDb, at: number = Date.now()): number {
  return db.transaction(() => {
    let total = 0;
    // Blocking one op may strand the ops that depend on it: repeat until none are left.
    for (;;) {
      const stuck = stmt(db, STUCK).all() as { id: number; blocker_id: number; blocker_kind: string; blocker_state: OutboxState; blocker_error: string | null }[];
      if (stuck.length === 0) return total;
      for (const row of stuck) {
        const sentence = blockedSentence({ id: row.blocker_id, kind: row.blocker_kind, state: row.blocker_state, last_error: row.blocker_error });
        stmt(db, "UPDATE outbox SET state = 'blocked', last_error = ?, updated_at = ? WHERE id = ? AND state = 'pending'").run(sentence, at, row.id);
      }
      total += stuck.length;
    }
  })();
}

export function nextRunnable<P = unknown>(db: MirrorDb, now: number = Date.now()): OutboxOp<P> | null {
  blockStuck(db, now);
  const row = stmt(db, RUNNABLE).get(now) as OpRow | undefined;
  return row ? toOp<P>(row) : null;
}

export function nextWakeAt(db: MirrorDb): number | null {
  // Only ops that could run once their time comes: one waiting behind an op in flight is
  // woken by that op's end, and a timer for it would fire in a busy loop.
  return (stmt(db, `SELECT min(o.next_attempt_at) ${READY} AND o.next_attempt_at < ${HELD}`).pluck().get() as number | null) ?? null;
}

export function retryNow(db: MirrorDb, now: number = Date.now()): number {
  return stmt(db, `UPDATE outbox SET next_attempt_at = ? WHERE state = 'pending' AND next_attempt_at > ? AND next_attempt_at < ${HELD}`).run(now, now).changes;
}

export function releaseHeld(db: MirrorDb, entityType: string, entityKey: string | number, now: number = Date.now()): number {
  return stmt(db, `UPDATE outbox SET next_attempt_at = ? WHERE state = 'pending' AND entity_type = ? AND entity_key = ? AND next_attempt_at >= ${HELD}`).run(now, entityType, String(entityKey)).changes;
}
