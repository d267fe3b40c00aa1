/**
 * Persisting what one attempt of an op came to, and naming the transition for
 * `onTransition` (the UI's refresh signal and the crash test's kill points).
 *
 * - `decide(error, op, ctx)` → what a thrown failure means: retry later (with full-jitter
 *   backoff honouring Retry-After), pause the queue (401), reject the op, or release it
 *   unfinished (the runner was stopped mid-call).
 * - `persist(db, op, outcome, at)` writes an outcome or a decision, each in one transaction
 *   with the handler's `apply`, and answers the transition it made.
 */
import { backoffDelay, type BackoffPolicy, type RandomSource } from '../../core/sync/backoff';
import type { MirrorDb } from '../mirror/open';
import { complete, reject, retryLater, type OutboxOp } from '../mirror/queries/outbox/outbox';
import { postpone, release } from '../mirror/queries/outbox/outbox-release';
import { pause } from '../mirror/queries/outbox/sync-state';
import { isRemoteError } from '../remote/errors';
import type { OpOutcome } from './types';
import type { Message } from '../../core/i18n';

export type TransitionType = 'claimed' | 'remote_ref' | 'completed' | 'waiting' | 'retry_scheduled' | 'rejected' | 'paused' | 'released';

export interface TransitionEvent {
  type: TransitionType;
  /** The op as the mirror holds it right after the transition. */
  op: OutboxOp;
  at: number;
  /** The sentence of a failure, rejection or pause. */
  error?: string;
  /** A `wait` outcome's note (e.g. "running 4000/50000"). */
  note?: string;
}

export type Decision =
  | OpOutcome
  | { type: 'retry'; at: number; error: string; status: number | null; words?: Message[] }
  | { type: 'pause'; reason: string; error: string; status: number | null }
  | { type: 'release'; uncount: boolean };

export interface DecideContext {
  now: number;
  /** True once the runner was asked to stop: a failure then is the stop, not the service. */
  stopping: boolean;
  backoff?: BackoffPolicy;
  random?: RandomSource;
}

export function decide(error: unknown, op: OutboxOp, ctx: DecideContext): Decision {
  if (isRemoteError(error)) {
    const failure = error.failure;
    // Stopped mid-call: put it back untouched; whether the request applied is unknown, so the
    // attempt stays counted and the next one looks first.
    if (ctx.stopping && failure.source === 'aborted') return { type: 'release', uncount: false };
    switch (failure.kind) {
      case 'retry':
      case 'ambiguous': {
        const delay = backoffDelay({ attempt: Math.max(0, op.attempts - 1), retryAfterMs: failure.retryAfterMs, policy: ctx.backoff, random: ctx.random });
        return { type: 'retry', at: ctx.now + delay, error: failure.message, status: failure.status, words: failure.words };
      }
      case 'unauthorized':
        return { type: 'pause', reason: 'unauthorized', error: failure.message, status: failure.status };
      default:
        return { type: 'reject', error: failure.message, status: failure.status, words: failure.words };
    }
  }
  if (ctx.stopping) return { type: 'release', uncount: false };
  const message = error instanceof Error ? error.message : String(error);
  return { type: 'reject', error: `Muster could not send this change: ${message}`.replace(/([^.!?])$/, '$1.'), status: null };
}

/** Writes the decision; answers the transition made and its sentence. */
export function persist(db: MirrorDb, op: OutboxOp, decision: Decision, at: number): { type: TransitionType; error?: string; note?: string } {
  switch (decision.type) {
    case 'done':
      db.transaction(() => {
        decision.apply?.(db);
        complete(db, op.id, { remoteRef: decision.remoteRef, result: decision.result }, at);
      })();
      return { type: 'completed' };
    case 'wait':
      db.transaction(() => {
        decision.apply?.(db);
        postpone(db, op.id, decision.at, at);
      })();
      return { type: 'waiting', note: decision.note };
    case 'reject':
      db.transaction(() => {
        decision.apply?.(db);
        reject(db, op.id, decision.error, decision.status ?? null, at, decision.words);
      })();
      return { type: 'rejected', error: decision.error };
    case 'retry':
      retryLater(db, op.id, decision.at, decision.error, decision.status, at, decision.words);
      return { type: 'retry_scheduled', error: decision.error };
    case 'pause':
      db.transaction(() => {
        // A 401 changed nothing: the attempt is not counted and the op waits for the token.
        release(db, op.id, { error: decision.error, status: decision.status, uncount: true }, at);
        pause(db, decision.reason, decision.error);
      })();
      return { type: 'paused', error: decision.error };
    case 'release':
      release(db, op.id, { uncount: decision.uncount }, at);
      return { type: 'released' };
  }
}
