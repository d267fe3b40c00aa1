/**
 * An in-process stand-in for killing the syncing process, for the fault campaign.
 *
 * Spawning a process per crash would cost more than the rest of a run, so a crash is
 * simulated: the runner is given a database handle and a remote client that can be "killed"
 * at any moment (from its `onTransition`, i.e. right after a transition was persisted, like
 * the test build's MUSTER_CRASH_AFTER hook). From then on that runner, its handlers and its
 * timers can no longer reach the mirror file or get an answer:
 *
 * - every statement of the dead handle reads nothing and writes nothing (no throw, so the
 *   runner's timer and pump callbacks end quietly instead of as uncaught errors), and its
 *   transactions just call their function over the dead statements;
 * - a request already sent still reaches the service (as a request on a socket whose client
 *   died may), but its answer is never delivered; a request not yet sent never goes out.
 * The same client also outlives a runner's stop(): the runner hears "stopped" at once, while
 * the request runs to its end at the service (`settled` waits for it).
 *
 * What the file holds is exactly what was committed before the crash; the caller opens the
 * file again (a new handle) and starts a new runner, whose start() resets in-flight ops.
 * A crash is never made inside a transaction (transitions are emitted after theirs commit);
 * `killedInTransaction` reports it if that ever changes, since it could not be faithful.
 */
import type { Statement } from 'better-sqlite3';
import type { MirrorDb } from '../../../src/services/mirror/open';
import type { RemoteClient } from '../../../src/services/remote/client';

export class CrashedError extends Error {
  override name = 'CrashedError';
  constructor() {
    super('the syncing process was killed (campaign crash)');
  }
}

/** What a call the runner stopped waiting for answers (the runner is stopping, so it is
 *  released, not counted as a failure of the service). */
export class StoppedError extends Error {
  override name = 'StoppedError';
  constructor() {
    super('the runner stopped waiting for this answer');
  }
}

export interface Crashable {
  db: MirrorDb;
  remote: RemoteClient;
  /** The handle the crash cuts off: close it once the requests it sent have settled. */
  real: MirrorDb;
  kill(): void;
  readonly dead: boolean;
  readonly killedInTransaction: boolean;
  /** Resolves when every request sent so far has ended at the service (after a crash or a stop). */
  settled(): Promise<void>;
}

const CHAINING = new Set<PropertyKey>(['pluck', 'raw', 'expand', 'safeIntegers', 'bind']);

function deadResult(name: PropertyKey, self: unknown): unknown {
  switch (name) {
    case 'run':
      return { changes: 0, lastInsertRowid: 0 };
    case 'get':
      return undefined;
    case 'all':
    case 'columns':
      return [];
    case 'iterate':
      return [][Symbol.iterator]();
    default:
      return CHAINING.has(name) ? self : undefined;
  }
}

function statementProxy(real: Statement | null, isDead: () => boolean): Statement {
  const proxy: Statement = new Proxy((real ?? {}) as Statement, {
    get(target, name) {
      if (!real) return typeof name === 'string' && name !== 'then' ? (..._: unknown[]) => deadResult(name, proxy) : undefined;
      const value = Reflect.get(target, name, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (isDead()) return deadResult(name, proxy);
        const out = (value as (...a: unknown[]) => unknown).apply(target, args);
        return out === target ? proxy : out;
      };
    },
  });
  return proxy;
}

function dbProxy(real: MirrorDb, isDead: () => boolean): MirrorDb {
  return new Proxy(real, {
    get(target, name) {
      if (name === 'prepare') return (sql: string) => statementProxy(isDead() ? null : target.prepare(sql), isDead);
      if (name === 'transaction') {
        return (fn: (...a: unknown[]) => unknown) => {
          const tx = target.transaction(fn);
          return (...args: unknown[]) => (isDead() ? fn(...args) : tx(...args));
        };
      }
      if (name === 'inTransaction') return isDead() ? false : target.inTransaction;
      const value = Reflect.get(target, name, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => (isDead() ? undefined : (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
}

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

export function crashable(real: MirrorDb, inner: RemoteClient): Crashable {
  let dead = false;
  let inTransaction = false;
  const sent = new Set<Promise<unknown>>();
  const isDead = () => dead;
  const remote: RemoteClient = {
    baseUrl: inner.baseUrl,
    close: () => undefined,
    fetchFile: (operation, params, options) => (dead ? never() : inner.fetchFile(operation, params, options)),
    call(operation, call) {
      const { signal } = call;
      if (dead || signal?.aborted) return dead ? never() : Promise.reject(new StoppedError());
      // The signal is not passed on: a request the runner gives up on (stop) still runs to
      // its end at the service, as when the app quits, and `settled` can wait for it.
      const request = inner.call(operation, { ...call, signal: undefined });
      const tracked = request.catch(() => undefined);
      sent.add(tracked);
      void tracked.finally(() => sent.delete(tracked));
      return new Promise((resolve, reject) => {
        const stop = () => reject(new StoppedError());
        signal?.addEventListener('abort', stop, { once: true });
        // After the crash nobody is there to hear the answer. Rejecting (not hanging) lets
        // the dead runner's promise chains end; everything it then writes goes nowhere.
        request.then(
          (answer) => (dead ? reject(new CrashedError()) : resolve(answer)),
          (error: unknown) => reject(dead ? new CrashedError() : error),
        );
        void tracked.finally(() => signal?.removeEventListener('abort', stop));
      });
    },
  };
  return {
    db: dbProxy(real, isDead),
    remote,
    real,
    kill() {
      inTransaction = real.inTransaction;
      dead = true;
    },
    get dead() {
      return dead;
    },
    get killedInTransaction() {
      return inTransaction;
    },
    async settled() {
      while (sent.size > 0) await Promise.all([...sent]);
    },
  };
}
