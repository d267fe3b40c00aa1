/**
 * The outbox runner: sends pending ops to the service through the flows' handlers, one op at
 * a time per entity (FIFO per entity and dependencies: outbox-queue.ts decides what may run),
 * up to `concurrency` entities at once, and a timer wakes it at the next `next_attempt_at`.
 *
 * - `createSyncRunner({ db, remote, handlers, now?, random?, onTransition?, concurrency? })`
 * - `start()` resets ops a crash left in flight (their POSTs count as ambiguous: the handler
 *   looks first) and begins; `wake()` after an enqueue; `stop()` aborts calls in flight, puts
 *   their ops back and resolves when nothing runs; `resume()` after a new token.
 * - `runUntilIdle({ timeoutMs?, until? })` resolves with `idle` (nothing can run without a new
 *   change: every op done, rejected or blocked), `paused` (a 401: the queue waits for a token),
 *   `until` (the caller's predicate held), `timeout` or `stopped`.
 *
 * Failures (transitions.ts): retry/ambiguous → retried with full-jitter backoff honouring
 * Retry-After; unauthorized → the whole queue pauses, the op back to pending uncounted;
 * other refusals reject the op with its sentence (its dependants become blocked).
 *
 * `onTransition(event)` runs after every persisted transition (claimed, remote_ref, completed,
 * waiting, retry_scheduled, rejected, paused, released). Only a test build of the command
 * line (test/support/cli-test-entry.ts) passes a hook that kills the process at a chosen
 * transition, so test/e2e/sync-crash.test.ts can prove every state resumes.
 */
import type { BackoffPolicy, RandomSource } from '../../core/sync/backoff';
import type { MirrorDb } from '../mirror/open';
import { claim, opById, resetInFlight, setRemoteRef, type OutboxOp } from '../mirror/queries/outbox/outbox';
import { nextRunnable, nextWakeAt } from '../mirror/queries/outbox/outbox-queue';
import { pausedState, resume as resumeState, type Paused } from '../mirror/queries/outbox/sync-state';
import type { RemoteClient } from '../remote/client';
import { decide, persist, type TransitionEvent, type TransitionType } from './transitions';
import type { HandlerRegistry, OpOutcome, SyncContext } from './types';

export type { TransitionEvent, TransitionType } from './transitions';

export interface SyncRunnerOptions {
  db: MirrorDb;
  remote: RemoteClient;
  handlers: HandlerRegistry;
  now?: () => number;
  random?: RandomSource;
  backoff?: BackoffPolicy;
  onTransition?: (event: TransitionEvent) => void;
  /** Entities sent at the same time (ops of one entity never overlap). Default 4. */
  concurrency?: number;
}

export type IdleState = 'idle' | 'paused' | 'until' | 'timeout' | 'stopped';

export interface IdleReport {
  state: IdleState;
  paused: Paused | null;
}

export interface SyncRunner {
  start(): void;
  wake(): void;
  runUntilIdle(options?: { timeoutMs?: number; until?: () => boolean }): Promise<IdleReport>;
  stop(): Promise<void>;
  resume(): void;
}

// setTimeout fires at once for delays of 2^31 ms or more; a far-off retry must not spin.
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Waiter {
  until?: () => boolean;
  settle(state: IdleState): void;
}

export function createSyncRunner(options: SyncRunnerOptions): SyncRunner {
  const { db, handlers } = options;
  const now = options.now ?? Date.now;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  let started = false;
  let stopping = false;
  let controller = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let pumpQueued = false;
  const inFlight = new Set<Promise<void>>();
  const waiters = new Set<Waiter>();

  function emit(type: TransitionType, opId: number, extra: { error?: string; note?: string } = {}): void {
    if (!options.onTransition) return;
    const op = opById(db, opId);
    if (!op) return;
    try {
      options.onTransition({ type, op, at: now(), ...extra });
    } catch {
      // An observer's failure must not stop syncing; the transition is already saved.
    }
  }

  const context = (): SyncContext => ({
    db,
    remote: options.remote,
    now,
    signal: controller.signal,
    recordRemoteRef(opId: number, ref: number) {
      setRemoteRef(db, opId, ref, now());
      emit('remote_ref', opId);
    },
  });

  async function runOp(op: OutboxOp): Promise<void> {
    const handler = handlers[op.kind];
    let outcome: ReturnType<typeof decide>;
    if (stopping) {
      outcome = { type: 'release', uncount: true }; // stopped before anything was sent
    } else if (!handler) {
      outcome = { type: 'reject', error: `Muster does not know how to send “${op.kind}” changes; update Muster to send it.`, status: null };
    } else {
      try {
        outcome = (await handler(op, context())) satisfies OpOutcome;
      } catch (error) {
        outcome = decide(error, op, { now: now(), stopping, backoff: options.backoff, random: options.random });
      }
    }
    let made: ReturnType<typeof persist>;
    try {
      made = persist(db, op, outcome, now());
    } catch (error) {
      // The answer could not be written (a damaged mirror, a bug in `apply`): refuse the op
      // visibly rather than leave it in flight for ever.
      const sentence = `Muster could not record the service's answer: ${(error as Error).message}`;
      made = persist(db, op, { type: 'reject', error: sentence }, now());
    }
    emit(made.type, op.id, made);
  }

  function idleNow(): boolean {
    return inFlight.size === 0 && nextWakeAt(db) === null;
  }

  function notify(): void {
    for (const waiter of waiters) {
      if (!started) waiter.settle('stopped');
      else if (pausedState(db)) waiter.settle('paused');
      else if (waiter.until?.()) waiter.settle('until');
      else if (idleNow()) waiter.settle('idle');
    }
  }

  function clearTimer(): void {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  function armTimer(): void {
    const at = nextWakeAt(db);
    if (at === null) return;
    timer = setTimeout(pump, Math.min(MAX_TIMER_MS, Math.max(0, at - now())));
  }

  function schedule(): void {
    if (pumpQueued) return;
    pumpQueued = true;
    setImmediate(() => {
      pumpQueued = false;
      pump();
    });
  }

  function pump(): void {
    clearTimer();
    if (started && !stopping && !pausedState(db)) {
      while (inFlight.size < concurrency) {
        const op = nextRunnable(db, now());
        if (!op) break;
        if (!claim(db, op.id, now())) continue; // another runner took it
        const claimed = opById(db, op.id)!;
        // In the set before the observer hears of it, so a stop() it makes waits for this op.
        const running: Promise<void> = Promise.resolve()
          .then(() => runOp(claimed))
          // Not even a rejection could be written (the mirror closed or broke): the op stays
          // in flight in the file, and the next start() puts it back.
          .catch(() => undefined)
          .finally(() => {
            inFlight.delete(running);
            schedule();
          });
        inFlight.add(running);
        emit('claimed', op.id);
      }
      if (inFlight.size === 0) armTimer();
    }
    notify();
  }

  const runner: SyncRunner = {
    start() {
      if (started) return;
      started = true;
      stopping = false;
      controller = new AbortController();
      resetInFlight(db, now());
      pump();
    },
    wake() {
      if (started) schedule();
    },
    resume() {
      resumeState(db);
      runner.wake();
    },
    runUntilIdle({ timeoutMs, until } = {}) {
      runner.start();
      return new Promise<IdleReport>((resolve) => {
        let deadline: NodeJS.Timeout | null = null;
        const waiter: Waiter = {
          until,
          settle(state) {
            if (!waiters.delete(waiter)) return;
            if (deadline) clearTimeout(deadline);
            resolve({ state, paused: pausedState(db) });
          },
        };
        waiters.add(waiter);
        if (timeoutMs !== undefined) deadline = setTimeout(() => waiter.settle('timeout'), Math.min(MAX_TIMER_MS, timeoutMs));
        notify();
      });
    },
    async stop() {
      if (!started) return;
      stopping = true;
      clearTimer();
      controller.abort();
      await Promise.allSettled([...inFlight]);
      started = false;
      stopping = false;
      notify();
    },
  };
  return runner;
}
