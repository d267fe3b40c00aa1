import { describe, expect, it } from 'vitest';
import type { MirrorDb } from '../../../../src/services/mirror/open';
import { enqueue, opById } from '../../../../src/services/mirror/queries/outbox/outbox';
import { outboxStatus } from '../../../../src/services/mirror/queries/outbox/outbox-status';
import { createRemoteClient } from '../../../../src/services/remote/client';
import { RemoteError } from '../../../../src/services/remote/errors';
import { createSyncRunner, type TransitionEvent } from '../../../../src/services/sync/runner';
import type { HandlerRegistry } from '../../../../src/services/sync/types';
import { mirrorDir } from '../mirror/mirror-fixture';

// The runner's scheduling and failure policy with handlers of the test's own (no service
// is called), over a real mirror file.
const mirrors = mirrorDir('muster-runner-');
const remote = createRemoteClient({ serverUrl: 'http://127.0.0.1:9', token: () => 'unused' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function add(db: MirrorDb, entityKey: string, kind: string, extra: { dependsOn?: number; notBefore?: number } = {}): number {
  return db.transaction(() => enqueue(db, { entityType: 't', entityKey, kind, ...extra }))().id;
}

function runner(db: MirrorDb, handlers: HandlerRegistry, extra: { concurrency?: number; onTransition?: (e: TransitionEvent) => void } = {}) {
  return createSyncRunner({ db, remote, handlers, backoff: { baseMs: 10, capMs: 50 }, ...extra });
}

const http = (status: number, retryAfterMs: number | null = null) => RemoteError.of({ source: 'http', method: 'GET', status, retryAfterMs }, '/x');

describe('scheduling', () => {
  it('runs one op at a time per entity, in order, while other entities run alongside', async () => {
    const db = mirrors.fresh();
    const log: string[] = [];
    const slow = async (op: { entityKey: string; id: number }) => {
      log.push(`start ${op.entityKey}${op.id}`);
      await sleep(30);
      log.push(`end ${op.entityKey}${op.id}`);
      return { type: 'done' as const };
    };
    const a1 = add(db, 'a', 'slow');
    const a2 = add(db, 'a', 'slow');
    const b1 = add(db, 'b', 'slow');
    const r = runner(db, { slow }, { concurrency: 4 });
    expect((await r.runUntilIdle({ timeoutMs: 5000 })).state).toBe('idle');
    await r.stop();
    expect(log.indexOf(`end a${a1}`)).toBeLessThan(log.indexOf(`start a${a2}`));
    expect(log.indexOf(`start b${b1}`)).toBeLessThan(log.indexOf(`end a${a1}`));
  });

  it('a wait is not an error: no attempt counted, no error shown, and a timer wakes the op', async () => {
    const db = mirrors.fresh();
    let calls = 0;
    const id = add(db, 'w', 'poll');
    let seenDuringWait: ReturnType<typeof outboxStatus> | null = null;
    const r = runner(db, {
      poll: async (_op, ctx) => {
        calls++;
        if (calls < 3) return { type: 'wait', at: ctx.now() + 40 };
        seenDuringWait = outboxStatus(db);
        return { type: 'done', result: { calls } };
      },
    });
    const started = Date.now();
    expect((await r.runUntilIdle({ timeoutMs: 5000 })).state).toBe('idle');
    await r.stop();
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
    expect(opById(db, id)).toMatchObject({ state: 'done', attempts: 1, lastError: null, result: { calls: 3 } });
    expect(seenDuringWait!.currentError).toBeNull();
  });

  it('honours Retry-After and counts failed attempts', async () => {
    const db = mirrors.fresh();
    const times: number[] = [];
    const id = add(db, 'r', 'flaky');
    const r = runner(db, {
      flaky: async () => {
        times.push(Date.now());
        if (times.length === 1) throw http(503, 150);
        if (times.length === 2) throw http(500);
        return { type: 'done' };
      },
    });
    expect((await r.runUntilIdle({ timeoutMs: 5000 })).state).toBe('idle');
    await r.stop();
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(145);
    expect(opById(db, id)).toMatchObject({ state: 'done', attempts: 3 });
  });

  it('clamps a far-off retry to a timer that does not fire at once', async () => {
    const db = mirrors.fresh();
    let called = false;
    add(db, 'f', 'later', { notBefore: Date.now() + 2 ** 33 });
    const r = runner(db, { later: async () => ((called = true), { type: 'done' }) });
    expect((await r.runUntilIdle({ timeoutMs: 150 })).state).toBe('timeout');
    await r.stop();
    expect(called).toBe(false);
  });

  it('an enqueue after start runs once woken', async () => {
    const db = mirrors.fresh();
    const r = runner(db, { go: async () => ({ type: 'done' }) });
    r.start();
    const id = add(db, 'x', 'go');
    r.wake();
    expect((await r.runUntilIdle({ timeoutMs: 2000 })).state).toBe('idle');
    await r.stop();
    expect(opById(db, id)!.state).toBe('done');
  });
});

describe('failure policy', () => {
  it.each([
    [404, /no such record/],
    [409, /conflict/],
    [422, /rejected the request \(422\)/],
  ])('%i rejects the op with its sentence and blocks what depends on it', async (status, sentence) => {
    const db = mirrors.fresh();
    const first = add(db, 'p', 'refused');
    const second = add(db, 'p', 'never', { dependsOn: first });
    const other = add(db, 'q', 'fine');
    const r = runner(db, { refused: async () => { throw http(status); }, never: async () => ({ type: 'done' }), fine: async () => ({ type: 'done' }) });
    expect((await r.runUntilIdle({ timeoutMs: 2000 })).state).toBe('idle');
    await r.stop();
    expect(opById(db, first)).toMatchObject({ state: 'rejected', lastStatus: status, lastError: expect.stringMatching(sentence) });
    expect(opById(db, second)!.state).toBe('blocked');
    expect(opById(db, other)!.state).toBe('done');
  });

  it('401 pauses the whole queue with the op back to pending, uncounted; resume() continues', async () => {
    const db = mirrors.fresh();
    let refuse = true;
    const a = add(db, 'a', 'auth');
    const b = add(db, 'b', 'auth');
    const r = runner(db, { auth: async () => { if (refuse) throw http(401); return { type: 'done' }; } }, { concurrency: 1 });
    const paused = await r.runUntilIdle({ timeoutMs: 2000 });
    expect(paused.state).toBe('paused');
    expect(opById(db, a)).toMatchObject({ state: 'pending', attempts: 0, lastStatus: 401 });
    expect(opById(db, b)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(outboxStatus(db).pausedReason).toBe('unauthorized');
    refuse = false;
    r.resume();
    expect((await r.runUntilIdle({ timeoutMs: 2000 })).state).toBe('idle');
    await r.stop();
    expect([opById(db, a)!.state, opById(db, b)!.state]).toEqual(['done', 'done']);
  });

  it('an error of its own, an unknown kind, or an answer that cannot be written rejects the op visibly', async () => {
    const db = mirrors.fresh();
    const bug = add(db, '1', 'bug');
    const unknown = add(db, '2', 'nobody-knows');
    const unwritable = add(db, '3', 'apply');
    const seen: string[] = [];
    const r = runner(
      db,
      {
        bug: async () => { throw new Error('the disk is full'); },
        apply: async () => ({ type: 'done', apply: () => { throw new Error('constraint failed'); } }),
      },
      { onTransition: (e) => { seen.push(e.type); throw new Error('observers cannot break syncing'); } },
    );
    expect((await r.runUntilIdle({ timeoutMs: 2000 })).state).toBe('idle');
    await r.stop();
    expect(opById(db, bug)!.lastError).toBe('Muster could not send this change: the disk is full.');
    expect(opById(db, unknown)!.lastError).toMatch(/does not know how to send “nobody-knows”/);
    expect(opById(db, unwritable)).toMatchObject({ state: 'rejected', lastError: expect.stringMatching(/could not record.*constraint failed/) });
    expect(seen.filter((t) => t === 'rejected')).toHaveLength(3);
  });
});
