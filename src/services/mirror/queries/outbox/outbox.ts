/**
 * The outbox: changes bound for the service, run FIFO per entity and after their
 * dependency. See outbox-queue.ts (what runs next) and outbox-status.ts (what to show).
 *
 * - `enqueue(db, op, at?)` → OutboxOp. MUST be called inside the caller's transaction,
 *   together with the domain change it sends (it throws otherwise), so a change never
 *   exists without its outbox row or the other way round:
 *     db.transaction(() => { const id = createLocalSubject(db, …);
 *                            enqueue(db, { entityType: 'subject', entityKey: id, kind: 'subject.create' }); })();
 *   Its `idempotency_key` (a UUID made here) is sent with every attempt.
 * - `claim(db, id, at?)`: pending → in_flight (one UPDATE: true only for the one claimer).
 * - `setRemoteRef(db, id, ref)`: what the op created or adopted, recorded as soon as known
 *   so a crash before `complete` does not create it again.
 * - `complete(db, id, { remoteRef?, result? }, at?)`: in_flight → done; stamps last sync.
 *   Call it in the same transaction as the mirror update the answer brings.
 * - `retryLater(db, id, nextAttemptAt, error, status?, at?)`: in_flight → pending.
 * - `reject(db, id, error, status?, at?)`: → rejected; every op that depends on it, directly
 *   or through others, becomes `blocked` with a sentence naming it.
 * - `requeue(db, id, at?)`: a rejected or blocked op (and what it blocked) → pending again.
 * - `settle(db, id, result, at?)`: a rejected op whose purpose was met another way (the
 *   person resolved the subject conflict that refused it) → done; what it blocked may run.
 * - `resetInFlight(db, at?)` on startup: in_flight → pending (a crash interrupted them);
 *   answers them, since the flow must treat their POSTs as ambiguous (look, then adopt).
 */
import { randomUUID } from 'node:crypto';
import type { MirrorDb } from '../../db';
import { readJson, readJsonOrNull } from '../json';
import { stmt } from '../statements';
import { markSynced } from './sync-state';

export { OUTBOX_STATE_NAMES as OUTBOX_STATES } from '../../../../core/contract/app-api-schemas/outbox-states';
import { OUTBOX_STATE_NAMES as OUTBOX_STATES } from '../../../../core/contract/app-api-schemas/outbox-states';
import type { Message } from '../../../../core/i18n';
export type OutboxState = (typeof OUTBOX_STATES)[number];

export class OutboxError extends Error {
  override name = 'OutboxError';
}

export interface NewOp {
  /** What kind of record the op is about ('subject', 'draft', 'import', …). */
  entityType: string;
  /** Which one (its local id): ops on the same entity run one after another. */
  entityKey: string | number;
  /** The operation, e.g. 'import.create'. */
  kind: string;
  payload?: unknown;
  /** An op that must be done first; if it is rejected, this one is blocked. */
  dependsOn?: number | null;
  /** Not before this time (ms); default: now. */
  notBefore?: number;
}

export interface OutboxOp<P = unknown> {
  id: number;
  entityType: string;
  entityKey: string;
  kind: string;
  payload: P;
  dependsOn: number | null;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  /** `lastError` as catalog keys and parameters, when it is Muster's own sentence and still the one stored. */
  lastErrorWords: Message[] | null;
  lastStatus: number | null;
  idempotencyKey: string;
  remoteRef: number | null;
  result: unknown;
  createdAt: number;
  updatedAt: number;
  doneAt: number | null;
}

export interface OpRow {
  id: number;
  entity_type: string;
  entity_key: string;
  kind: string;
  payload: string;
  depends_on: number | null;
  state: OutboxState;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  last_error_words?: string | null;
  last_status: number | null;
  idempotency_key: string;
  remote_ref: number | null;
  result: string | null;
  created_at: number;
  updated_at: number;
  done_at: number | null;
}

/** The stored words, when they word the sentence stored now (migration 013). */
export function errorWordsOf(row: Pick<OpRow, 'last_error' | 'last_error_words'>): Message[] | null {
  if (!row.last_error || !row.last_error_words) return null;
  const stored = readJsonOrNull(row.last_error_words, 'outbox error words') as { text: string; words: Message[] } | null;
  return stored && stored.text === row.last_error ? stored.words : null;
}

const wordsJson = (error: string, words: readonly Message[] | null | undefined) => (words && words.length > 0 ? JSON.stringify({ text: error, words }) : null);

export const toOp = <P = unknown>(row: OpRow): OutboxOp<P> => ({
  id: row.id,
  entityType: row.entity_type,
  entityKey: row.entity_key,
  kind: row.kind,
  payload: readJson<P>(row.payload, 'outbox payload'),
  dependsOn: row.depends_on,
  state: row.state,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  lastError: row.last_error,
  lastErrorWords: errorWordsOf(row),
  lastStatus: row.last_status,
  idempotencyKey: row.idempotency_key,
  remoteRef: row.remote_ref,
  result: readJsonOrNull(row.result, 'outbox result'),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  doneAt: row.done_at,
});

export function opById<P = unknown>(db: MirrorDb, id: number): OutboxOp<P> | null {
  const row = stmt(db, 'SELECT * FROM outbox WHERE id = ?').get(id) as OpRow | undefined;
  return row ? toOp<P>(row) : null;
}

export function opsOfEntity(db: MirrorDb, entityType: string, entityKey: string | number): OutboxOp[] {
  return (stmt(db, 'SELECT * FROM outbox WHERE entity_type = ? AND entity_key = ? ORDER BY id').all(entityType, String(entityKey)) as OpRow[]).map((r) => toOp(r));
}

export function blockedSentence(blocker: { id: number; kind: string; state: OutboxState; last_error?: string | null; lastError?: string | null }): string {
  const why = blocker.state === 'rejected' ? `the service refused it${(blocker.last_error ?? blocker.lastError) ? `: ${blocker.last_error ?? blocker.lastError}` : ''}` : 'it is blocked itself';
  return `Not sent because it waits for operation ${blocker.id} (${blocker.kind}), and ${why}`.replace(/([^.!?])$/, '$1.');
}

export function enqueue<P>(db: MirrorDb, op: NewOp & { payload?: P }, at: number = Date.now()): OutboxOp<P> {
  if (!db.inTransaction) {
    throw new OutboxError('enqueue must be called inside the transaction that writes the change it sends, so neither can exist without the other.');
  }
  let state: OutboxState = 'pending';
  let lastError: string | null = null;
  if (op.dependsOn != null) {
    const dependency = stmt(db, 'SELECT id, kind, state, last_error FROM outbox WHERE id = ?').get(op.dependsOn) as
      | { id: number; kind: string; state: OutboxState; last_error: string | null }
      | undefined;
    if (!dependency) throw new OutboxError(`Operation ${op.dependsOn}, which this one depends on, does not exist.`);
    if (dependency.state === 'rejected' || dependency.state === 'blocked') {
      state = 'blocked';
      lastError = blockedSentence(dependency);
    }
  }
  const info = stmt(
    db,
    `INSERT INTO outbox (entity_type, entity_key, kind, payload, depends_on, state, attempts, next_attempt_at, last_error, idempotency_key, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
  ).run(op.entityType, String(op.entityKey), op.kind, JSON.stringify(op.payload ?? {}), op.dependsOn ?? null, state, op.notBefore ?? at, lastError, randomUUID(), at, at);
  return opById<P>(db, Number(info.lastInsertRowid))!;
}

export function claim(db: MirrorDb, id: number, at: number = Date.now()): boolean {
  return stmt(db, "UPDATE outbox SET state = 'in_flight', attempts = attempts + 1, updated_at = ? WHERE id = ? AND state = 'pending'").run(at, id).changes === 1;
}

function requireInFlight(db: MirrorDb, id: number, changes: number, what: string): void {
  if (changes === 1) return;
  const op = opById(db, id);
  throw new OutboxError(op ? `Operation ${id} is ${op.state}, not in flight, so it cannot be ${what}.` : `Operation ${id} does not exist.`);
}

export function setRemoteRef(db: MirrorDb, id: number, remoteRef: number, at: number = Date.now()): void {
  const info = stmt(db, 'UPDATE outbox SET remote_ref = ?, updated_at = ? WHERE id = ?').run(remoteRef, at, id);
  if (info.changes !== 1) throw new OutboxError(`Operation ${id} does not exist.`);
}

export function complete(db: MirrorDb, id: number, outcome: { remoteRef?: number | null; result?: unknown } = {}, at: number = Date.now()): void {
  db.transaction(() => {
    const info = stmt(
      db,
      `UPDATE outbox SET state = 'done', remote_ref = coalesce(?, remote_ref), result = ?, last_error = NULL, done_at = ?, updated_at = ?
       WHERE id = ? AND state = 'in_flight'`,
    ).run(outcome.remoteRef ?? null, outcome.result === undefined ? null : JSON.stringify(outcome.result), at, at, id);
    requireInFlight(db, id, info.changes, 'completed');
    markSynced(db, at);
  })();
}

export function retryLater(
  db: MirrorDb, id: number, nextAttemptAt: number, error: string, status: number | null = null, at: number = Date.now(), words: readonly Message[] | null = null,
): void {
  const info = stmt(db, "UPDATE outbox SET state = 'pending', next_attempt_at = ?, last_error = ?, last_error_words = ?, last_status = ?, updated_at = ? WHERE id = ? AND state = 'in_flight'").run(
    nextAttemptAt,
    error,
    wordsJson(error, words),
    status,
    at,
    id,
  );
  requireInFlight(db, id, info.changes, 'retried');
}

const DEPENDANTS = `WITH RECURSIVE dependants(id) AS (
    SELECT id FROM outbox WHERE depends_on = ?
    UNION SELECT o.id FROM outbox o JOIN dependants d ON o.depends_on = d.id)`;

export function reject(db: MirrorDb, id: number, error: string, status: number | null = null, at: number = Date.now(), words: readonly Message[] | null = null): void {
  db.transaction(() => {
    const info = stmt(db, "UPDATE outbox SET state = 'rejected', last_error = ?, last_error_words = ?, last_status = ?, updated_at = ? WHERE id = ? AND state IN ('pending', 'in_flight')").run(
      error, wordsJson(error, words), status, at, id,
    );
    requireInFlight(db, id, info.changes, 'rejected');
    const op = opById(db, id)!;
    stmt(db, `${DEPENDANTS} UPDATE outbox SET state = 'blocked', last_error = ?, updated_at = ? WHERE id IN (SELECT id FROM dependants) AND state = 'pending'`).run(
      id,
      blockedSentence(op),
      at,
    );
  })();
}

export function requeue(db: MirrorDb, id: number, at: number = Date.now()): void {
  db.transaction(() => {
    const info = stmt(db, "UPDATE outbox SET state = 'pending', next_attempt_at = ?, last_error = NULL, updated_at = ? WHERE id = ? AND state IN ('rejected', 'blocked')").run(at, at, id);
    if (info.changes !== 1) throw new OutboxError(`Operation ${id} is not rejected or blocked, so there is nothing to retry.`);
    stmt(db, `${DEPENDANTS} UPDATE outbox SET state = 'pending', next_attempt_at = ?, last_error = NULL, updated_at = ? WHERE id IN (SELECT id FROM dependants) AND state = 'blocked'`).run(
      id,
      at,
      at,
    );
  })();
}

export function settle(db: MirrorDb, id: number, result: unknown, at: number = Date.now()): void {
  db.transaction(() => {
    const info = stmt(db, "UPDATE outbox SET state = 'done', result = ?, last_error = NULL, done_at = ?, updated_at = ? WHERE id = ? AND state = 'rejected'").run(JSON.stringify(result), at, at, id);
    if (info.changes !== 1) throw new OutboxError(`Operation ${id} is not rejected, so there is nothing to settle.`);
    stmt(db, `${DEPENDANTS} UPDATE outbox SET state = 'pending', next_attempt_at = ?, last_error = NULL, updated_at = ? WHERE id IN (SELECT id FROM dependants) AND state = 'blocked'`).run(id, at, at);
  })();
}

export function resetInFlight(db: MirrorDb, at: number = Date.now()): OutboxOp[] {
  return db.transaction(() => {
    const rows = stmt(db, "SELECT * FROM outbox WHERE state = 'in_flight' ORDER BY id").all() as OpRow[];
    stmt(db, "UPDATE outbox SET state = 'pending', next_attempt_at = ?, updated_at = ? WHERE state = 'in_flight'").run(at, at);
    return rows.map((row) => ({ ...toOp(row), state: 'pending' as const, nextAttemptAt: at, updatedAt: at }));
  })();
}
