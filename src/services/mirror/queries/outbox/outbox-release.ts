/**
 * Returning an in-flight op to `pending` for reasons that are not the op's failure, which
 * `retryLater` (outbox.ts) would count and show as an error:
 *
 * - `postpone(db, id, nextAttemptAt, at?)`: the op is fine but must wait (an import action is
 *   still running): no error is recorded and the attempt is not counted, so a poll that runs
 *   a hundred times does not grow the backoff of a later real failure.
 * - `release(db, id, { nextAttemptAt?, error?, status?, uncount }, at?)`: the runner could not
 *   finish the attempt (queue paused by a 401, runner stopped). `uncount` when the request
 *   certainly did not apply (a 401 applies nothing), so the next attempt need not look first.
 *
 * - `noteInFlight(db, id, note)`: see below.
 *
 * All throw an OutboxError unless the op is in flight, like the other transitions.
 */
import type { MirrorDb } from '../../db';
import { OutboxError, opById } from './outbox';
import { stmt } from '../statements';

function requireChanged(db: MirrorDb, id: number, changes: number): void {
  if (changes === 1) return;
  const op = opById(db, id);
  throw new OutboxError(op ? `Operation ${id} is ${op.state}, not in flight, so it cannot be put back.` : `Operation ${id} does not exist.`);
}

export function postpone(db: MirrorDb, id: number, nextAttemptAt: number, at: number = Date.now()): void {
  const info = stmt(
    db,
    `UPDATE outbox SET state = 'pending', next_attempt_at = ?, attempts = max(attempts - 1, 0), last_error = NULL, last_status = NULL, updated_at = ?
     WHERE id = ? AND state = 'in_flight'`,
  ).run(nextAttemptAt, at, id);
  requireChanged(db, id, info.changes);
}

export interface ReleaseOptions {
  nextAttemptAt?: number;
  error?: string | null;
  status?: number | null;
  /** The attempt certainly changed nothing on the service: do not count it. */
  uncount: boolean;
}

export function release(db: MirrorDb, id: number, options: ReleaseOptions, at: number = Date.now()): void {
  const info = stmt(
    db,
    `UPDATE outbox SET state = 'pending', next_attempt_at = ?, attempts = CASE WHEN ? THEN max(attempts - 1, 0) ELSE attempts END,
       last_error = ?, last_status = ?, updated_at = ?
     WHERE id = ? AND state = 'in_flight'`,
  ).run(options.nextAttemptAt ?? at, options.uncount ? 1 : 0, options.error ?? null, options.status ?? null, at, id);
  requireChanged(db, id, info.changes);
}

/**
 * `noteInFlight(db, id, note)`: what an attempt learned before sending, kept in the op's
 * `result` until `complete` replaces it — e.g. the import ids an event had before the first
 * POST, so a later attempt can tell which import that POST made. Only while in flight.
 */
export function noteInFlight(db: MirrorDb, id: number, note: unknown, at: number = Date.now()): void {
  const info = stmt(db, "UPDATE outbox SET result = ?, updated_at = ? WHERE id = ? AND state = 'in_flight'").run(JSON.stringify(note), at, id);
  requireChanged(db, id, info.changes);
}
