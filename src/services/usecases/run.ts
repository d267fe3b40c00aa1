/**
 * Runs a session's outbox until nothing is left to do, the caller's work is settled, the
 * queue pauses (401), the service stays unreachable, or the caller cancels. Nothing is lost
 * in any of these: every op is in the mirror, and a later sync continues from there.
 *
 * "Unreachable": the next attempt that matters is more than GIVE_UP_MS away (the backoff has
 * grown, or the service asked for a long Retry-After). Waiting in the foreground for minutes
 * helps nobody; the face says how to resume instead.
 */
import { nextWakeAt, retryNow } from '../mirror/queries/outbox/outbox-queue';
import type { SyncSession } from './session';

export const GIVE_UP_MS = 30_000;

export type RunEnd = 'settled' | 'idle' | 'paused' | 'stalled' | 'interrupted';

export interface RunFor {
  /** The caller's work is over (e.g. the draft's chain has no pending op left). */
  settled?: () => boolean;
  /** When the next attempt of the caller's work is due; default: the whole outbox's. */
  nextAttemptAt?: () => number | null;
  /** Cancels the run; the op in flight is released, nothing is lost. */
  signal?: AbortSignal;
  /** The caller's work failed an attempt and the caller does not wait for its retry. */
  failed?: () => boolean;
}

/**
 * A person who asks for a push or a sync wants the work done now: a 401 pause is lifted and
 * whatever waits out a backoff is tried at once (the service may be back long before the
 * backoff would have looked).
 */
export function startNow(session: SyncSession): void {
  retryNow(session.db);
  session.runner.resume();
}

export async function runSession(session: SyncSession, work: RunFor = {}): Promise<RunEnd> {
  const { db, runner } = session;
  const nextAt = work.nextAttemptAt ?? (() => nextWakeAt(db));
  const stalled = () => {
    const at = nextAt();
    return at !== null && at - Date.now() > GIVE_UP_MS;
  };
  if (work.signal?.aborted) return 'interrupted';
  let interrupted = false;
  const onAbort = () => {
    interrupted = true;
    void runner.stop();
  };
  work.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const report = await runner.runUntilIdle({ until: () => work.settled?.() === true || work.failed?.() === true || stalled() });
    if (interrupted || report.state === 'stopped') return 'interrupted';
    if (report.state === 'paused') return 'paused';
    if (report.state === 'until') return work.settled?.() && !work.failed?.() ? 'settled' : 'stalled';
    return work.settled && !work.settled() ? 'stalled' : 'idle';
  } finally {
    work.signal?.removeEventListener('abort', onAbort);
  }
}
