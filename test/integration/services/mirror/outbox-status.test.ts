import { describe, expect, it } from 'vitest';
import type { MirrorDb } from '../../../../src/services/mirror/open';
import { claim, complete, enqueue, opById, reject, retryLater, type NewOp } from '../../../../src/services/mirror/queries/outbox/outbox';
import { entityState, entityStates, outboxStatus, pruneDone } from '../../../../src/services/mirror/queries/outbox/outbox-status';
import { getSyncState, lastSyncAt, pause, pausedState, resume, setSyncState } from '../../../../src/services/mirror/queries/outbox/sync-state';
import { mirrorDir } from './mirror-fixture';

const dirs = mirrorDir();
const T = 5_000_000;

const add = (db: MirrorDb, op: Partial<NewOp> & { entityKey: string | number }, at = T) =>
  db.transaction(() => enqueue(db, { entityType: 'subject', kind: 'subject.update', ...op }, at))();

describe('outboxStatus', () => {
  it('is empty and calm for a new mirror', () => {
    const db = dirs.fresh();
    expect(outboxStatus(db, T)).toEqual({
      counts: { pending: 0, in_flight: 0, done: 0, rejected: 0, blocked: 0 },
      oldestPendingAgeMs: null,
      lastSyncAt: null,
      currentError: null,
      currentErrorWords: null,
      pausedReason: null,
      nextAttemptAt: null,
    });
  });

  it('counts per state, ages the oldest unfinished op, and names the error holding the queue', () => {
    const db = dirs.fresh();
    const a = add(db, { entityKey: 'a' }, T).id;
    const b = add(db, { entityKey: 'b' }, T + 1000).id;
    const c = add(db, { entityKey: 'c' }, T + 2000).id;
    add(db, { entityKey: 'd', dependsOn: c }, T + 3000);
    claim(db, a, T + 4000);
    complete(db, a, {}, T + 5000);
    claim(db, b, T + 5000);
    retryLater(db, b, T + 9000, 'The service did not answer in time; trying again.', null, T + 6000);
    claim(db, c, T + 6000);
    reject(db, c, 'name is too long', 422, T + 7000);
    expect(outboxStatus(db, T + 10_000)).toEqual({
      counts: { pending: 1, in_flight: 0, done: 1, rejected: 1, blocked: 1 },
      oldestPendingAgeMs: 9000,
      lastSyncAt: T + 5000,
      currentError: 'The service did not answer in time; trying again.',
      currentErrorWords: null,
      pausedReason: null,
      nextAttemptAt: T + 9000,
    });
  });

  it('says why the queue is paused before anything else', () => {
    const db = dirs.fresh();
    const op = add(db, { entityKey: 'a' }).id;
    claim(db, op);
    retryLater(db, op, T, 'The service answered 401.', 401);
    pause(db, 'unauthorized');
    expect(outboxStatus(db, T)).toMatchObject({ pausedReason: 'unauthorized', currentError: 'The service no longer accepts the token; give a new one to resume syncing.' });
    resume(db);
    expect(outboxStatus(db, T)).toMatchObject({ pausedReason: null, currentError: 'The service answered 401.' });
  });
});

describe('entity state', () => {
  it('is the newest op’s state, unless an op is blocked; null without ops', () => {
    const db = dirs.fresh();
    const bad = add(db, { entityKey: 1, kind: 'subject.update' }).id;
    claim(db, bad);
    reject(db, bad, 'email is not a valid address', 422);
    expect(entityState(db, 'subject', 1)).toEqual({ state: 'rejected', opId: bad, kind: 'subject.update', lastError: 'email is not a valid address', lastStatus: 422 });
    const fix = add(db, { entityKey: 1 }).id;
    expect(entityState(db, 'subject', '1')?.state).toBe('pending');
    claim(db, fix);
    expect(entityState(db, 'subject', 1)?.state).toBe('in_flight');
    complete(db, fix);
    expect(entityState(db, 'subject', 1)).toMatchObject({ state: 'done', opId: fix, lastError: null });
    expect(entityState(db, 'subject', 2)).toBeNull();
    expect(entityState(db, 'draft', 1)).toBeNull();

    const dependant = add(db, { entityKey: 3, dependsOn: bad });
    add(db, { entityKey: 3 });
    expect(entityState(db, 'subject', 3)).toMatchObject({ state: 'blocked', opId: dependant.id });
    expect(entityStates(db, 'subject')).toEqual(
      new Map([
        ['1', expect.objectContaining({ state: 'done' })],
        ['3', expect.objectContaining({ state: 'blocked' })],
      ]),
    );
  });
});

describe('pruneDone', () => {
  it('deletes old done ops but keeps those a kept op depends on', () => {
    const db = dirs.fresh();
    const old = add(db, { entityKey: 'a' }).id;
    const parent = add(db, { entityKey: 'b' }).id;
    const child = add(db, { entityKey: 'c', dependsOn: parent }).id;
    for (const id of [old, parent]) {
      claim(db, id);
      complete(db, id, {}, T);
    }
    expect(pruneDone(db, T + 1)).toBe(1);
    expect(opById(db, old)).toBeNull();
    expect(opById(db, parent)?.state).toBe('done');
    claim(db, child);
    complete(db, child, {}, T + 5);
    expect(pruneDone(db, T + 10)).toBe(2);
  });
});

describe('sync state', () => {
  it('stores, replaces and deletes values; stamps the last sync', () => {
    const db = dirs.fresh();
    setSyncState(db, 'cursor', 'a');
    setSyncState(db, 'cursor', 'b');
    expect(getSyncState(db, 'cursor')).toBe('b');
    setSyncState(db, 'cursor', null);
    expect(getSyncState(db, 'cursor')).toBeNull();
    expect(lastSyncAt(db)).toBeNull();
    pause(db, 'offline', 'No connection.');
    expect(pausedState(db)).toEqual({ reason: 'offline', message: 'No connection.' });
    pause(db, 'maintenance');
    expect(pausedState(db)).toEqual({ reason: 'maintenance', message: 'Syncing is paused (maintenance).' });
  });
});
