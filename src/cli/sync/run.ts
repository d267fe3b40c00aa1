/**
 * Runs a session's outbox in the foreground until it has nothing left to do, the caller's
 * work is settled, the queue pauses (401), the service stays unreachable, or a person presses
 * Ctrl-C. Nothing is lost in any of these: every op is in the mirror, and `muster sync`
 * continues from there.
 *
 * "Unreachable": the next attempt that matters is more than GIVE_UP_MS away (the backoff has
 * grown, or the service asked for a long Retry-After). Waiting in the foreground for minutes
 * helps nobody; the command says how to resume instead.
 */
import { nextWakeAt, retryNow } from '../../services/mirror/queries/outbox-queue';
import type { SyncSession } from './session';

export const GIVE_UP_MS = 30_000;

export type RunEnd = 'settled' | 'idle' | 'paused' | 'stalled' | 'interrupted';

export interface RunFor {
  /** The caller's work is over (e.g. the draft's chain has no pending op left). */
  settled?: () => boolean;
  /** When the next attempt of the caller's work is due; default: the whole outbox's. */
  nextAttemptAt?: () => number | null;
}

/**
 * A person running push or sync gives a token and wants the work done now: a 401 pause is
 * lifted and whatever waits out a backoff is tried at once (the service may be back long
 * before the backoff would have looked).
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
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    void runner.stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const report = await runner.runUntilIdle({ until: () => work.settled?.() === true || stalled() });
    if (interrupted || report.state === 'stopped') return 'interrupted';
    if (report.state === 'paused') return 'paused';
    if (report.state === 'until') return work.settled?.() ? 'settled' : 'stalled';
    return work.settled && !work.settled() ? 'stalled' : 'idle';
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

export const PAUSED_SENTENCE = 'the token was refused; give a new one with MUSTER_TOKEN and run muster sync';

export const resumeHint = (server: string) => `run \`muster sync --server ${server}\` to finish it`;
