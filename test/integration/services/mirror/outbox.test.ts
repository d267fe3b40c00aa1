import { describe, expect, it } from 'vitest';
import { createLocalSubject } from '../../../../src/services/mirror/queries/subjects/subjects-local';
import { claim, complete, enqueue, opById, OutboxError, reject, requeue, retryLater, setRemoteRef, type NewOp } from '../../../../src/services/mirror/queries/outbox/outbox';
import { nextRunnable, nextWakeAt } from '../../../../src/services/mirror/queries/outbox/outbox-queue';
import { openMirror, type MirrorDb } from '../../../../src/services/mirror/open';
import { mirrorDir } from './mirror-fixture';
import { classifyFailure } from '../../../../src/core/sync/failure';

const dirs = mirrorDir();
const T = 1_000_000;

const add = (db: MirrorDb, op: Partial<NewOp> & { entityKey: string | number }, at = T) =>
  db.transaction(() => enqueue(db, { entityType: 'subject', kind: 'subject.update', ...op }, at))();

/** Claims and answers the id of whatever may run at `now`. */
const take = (db: MirrorDb, now = T) => {
  const op = nextRunnable(db, now);
  if (op) expect(claim(db, op.id, now)).toBe(true);
  return op?.id ?? null;
};

describe('enqueue', () => {
  it('must run inside the transaction of the change it sends', () => {
    const db = dirs.fresh();
    expect(() => enqueue(db, { entityType: 'subject', entityKey: 1, kind: 'subject.create' })).toThrow(OutboxError);
    expect(() => enqueue(db, { entityType: 'subject', entityKey: 1, kind: 'subject.create' })).toThrow(/inside the transaction that writes the change/);
  });

  it('writes the change and its op together, or neither when the change fails', () => {
    const db = dirs.fresh();
    const createWithOp = (firstName: unknown) =>
      db.transaction(() => {
        const op = enqueue(db, { entityType: 'subject', entityKey: 'pending', kind: 'subject.create' });
        const id = createLocalSubject(db, { first_name: firstName as string });
        return { op, id };
      })();
    expect(() => createWithOp({ not: 'text' })).toThrow();
    expect(db.prepare('SELECT (SELECT count(*) FROM outbox) AS ops, (SELECT count(*) FROM subjects) AS subjects').get()).toEqual({ ops: 0, subjects: 0 });
    const { op } = createWithOp('Ana');
    expect(db.prepare('SELECT (SELECT count(*) FROM outbox) AS ops, (SELECT count(*) FROM subjects) AS subjects').get()).toEqual({ ops: 1, subjects: 1 });
    expect(op).toMatchObject({ state: 'pending', attempts: 0, entityKey: 'pending', payload: {}, remoteRef: null });
  });

  it('gives each op its own idempotency key and keeps the payload', () => {
    const db = dirs.fresh();
    const a = add(db, { entityKey: 1, payload: { localId: 1, note: 'ü' } });
    const b = add(db, { entityKey: 1 });
    expect(a.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(opById(db, a.id)?.payload).toEqual({ localId: 1, note: 'ü' });
  });

  it('refuses a dependency that does not exist', () => {
    const db = dirs.fresh();
    expect(() => add(db, { entityKey: 1, dependsOn: 42 })).toThrow('Operation 42, which this one depends on, does not exist.');
  });
});

describe('what runs next', () => {
  it('runs ops FIFO per entity while other entities go ahead', () => {
    const db = dirs.fresh();
    const a1 = add(db, { entityKey: 'a' }).id;
    const b1 = add(db, { entityKey: 'b' }).id;
    const a2 = add(db, { entityKey: 'a' }).id;
    expect(take(db)).toBe(a1);
    expect(take(db)).toBe(b1);
    expect(take(db)).toBeNull();
    complete(db, a1);
    expect(take(db)).toBe(a2);
  });

  it('holds later ops of an entity while its earlier op waits to retry', () => {
    const db = dirs.fresh();
    const a1 = add(db, { entityKey: 'a' }).id;
    add(db, { entityKey: 'a' });
    const b1 = add(db, { entityKey: 'b' }).id;
    expect(take(db)).toBe(a1);
    retryLater(db, a1, T + 5000, 'The service answered 503; trying again shortly.', 503);
    expect(take(db)).toBe(b1);
    expect(take(db, T + 4999)).toBeNull();
    // a2 waits for a1, b1 is in flight: only a1's retry time counts.
    expect(nextWakeAt(db)).toBe(T + 5000);
    expect(take(db, T + 5000)).toBe(a1);
    expect(opById(db, a1)).toMatchObject({ attempts: 2, lastStatus: 503, state: 'in_flight' });
  });

  it('honours notBefore', () => {
    const db = dirs.fresh();
    const op = add(db, { entityKey: 'a', notBefore: T + 10 });
    expect(nextRunnable(db, T)).toBeNull();
    expect(nextRunnable(db, T + 10)?.id).toBe(op.id);
  });

  it('runs a dependant only after its dependency is done', () => {
    const db = dirs.fresh();
    const create = add(db, { entityType: 'draft', entityKey: 1, kind: 'import.create' }).id;
    const action = add(db, { entityType: 'import', entityKey: 'of-draft-1', kind: 'action.create', dependsOn: create }).id;
    expect(take(db)).toBe(create);
    expect(take(db)).toBeNull();
    setRemoteRef(db, create, 501);
    complete(db, create, { result: { participant_count: 2 } });
    expect(opById(db, create)).toMatchObject({ state: 'done', remoteRef: 501, result: { participant_count: 2 }, doneAt: expect.any(Number) });
    expect(take(db)).toBe(action);
  });

  it('blocks every op down a chain whose first op was refused, saying which and why', () => {
    const db = dirs.fresh();
    const first = add(db, { entityType: 'draft', entityKey: 1, kind: 'import.create' }).id;
    const second = add(db, { entityType: 'import', entityKey: 9, kind: 'action.create', dependsOn: first }).id;
    const third = add(db, { entityType: 'import', entityKey: 10, kind: 'action.poll', dependsOn: second }).id;
    const other = add(db, { entityKey: 'x' }).id;
    expect(take(db)).toBe(first);
    reject(db, first, 'The service refused the import: external_event_id is not an event of your company.', 404);
    for (const id of [second, third]) {
      expect(opById(db, id)).toMatchObject({
        state: 'blocked',
        lastError: 'Not sent because it waits for operation 1 (import.create), and the service refused it: The service refused the import: external_event_id is not an event of your company.',
      });
    }
    expect(take(db)).toBe(other);
    const late = add(db, { entityType: 'import', entityKey: 11, kind: 'refresh', dependsOn: third });
    expect(late).toMatchObject({ state: 'blocked', lastError: 'Not sent because it waits for operation 3 (action.poll), and it is blocked itself.' });

    requeue(db, first, T);
    expect([first, second, third, late.id].map((id) => opById(db, id)?.state)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(take(db)).toBe(first);
    expect(() => requeue(db, other)).toThrow(/not rejected or blocked/);
  });

  it('blocks, when asked what runs next, an op whose dependency was refused by other means', () => {
    const db = dirs.fresh();
    const first = add(db, { entityKey: 'a' }).id;
    const second = add(db, { entityKey: 'b', dependsOn: first }).id;
    db.prepare("UPDATE outbox SET state = 'rejected', last_error = 'Refused.' WHERE id = ?").run(first);
    expect(nextRunnable(db, T)).toBeNull();
    expect(opById(db, second)).toMatchObject({ state: 'blocked', lastError: 'Not sent because it waits for operation 1 (subject.update), and the service refused it: Refused.' });
  });

  it('lets a later op of an entity run after an earlier one was refused', () => {
    const db = dirs.fresh();
    const bad = add(db, { entityKey: 'a' }).id;
    const fix = add(db, { entityKey: 'a' }).id;
    take(db);
    reject(db, bad, 'email is not a valid address', 422);
    expect(take(db)).toBe(fix);
  });

  it('lets only one of two connections claim an op', () => {
    const file = dirs.file('two-claimers.sqlite');
    const one = openMirror(file);
    const two = openMirror(file);
    const op = add(one, { entityKey: 'a' });
    expect(nextRunnable(two, T)?.id).toBe(op.id);
    expect([claim(one, op.id), claim(two, op.id)]).toEqual([true, false]);
    one.close();
    two.close();
  });

  it('refuses to finish an op that is not in flight, with a sentence', () => {
    const db = dirs.fresh();
    const op = add(db, { entityKey: 'a' });
    expect(() => complete(db, op.id)).toThrow(`Operation ${op.id} is pending, not in flight, so it cannot be completed.`);
    expect(() => retryLater(db, op.id, T, 'x')).toThrow(/cannot be retried/);
    expect(() => complete(db, 999)).toThrow('Operation 999 does not exist.');
    claim(db, op.id);
    complete(db, op.id);
    expect(() => reject(db, op.id, 'late')).toThrow(/is done, not in flight/);
    expect(claim(db, op.id)).toBe(false);
  });
});

describe('the words of a failed call', () => {
  const refused = classifyFailure({ source: 'network', method: 'POST', code: 'ECONNREFUSED', sent: false });
  const rejected = classifyFailure({ source: 'http', method: 'POST', status: 422, body: { error: { code: 'x', message: 'No such event.' } } });

  it('are kept with the sentence they word, for a retry and a refusal, and read back as data', () => {
    const db = dirs.fresh();
    const a = add(db, { entityKey: 'a' }).id;
    expect(take(db)).toBe(a);
    retryLater(db, a, T + 5000, refused.message, null, T, refused.words);
    expect(opById(db, a)).toMatchObject({ lastError: refused.message, lastErrorWords: refused.words });
    expect(take(db, T + 5000)).toBe(a);
    reject(db, a, rejected.message, 422, T, rejected.words);
    expect(opById(db, a)).toMatchObject({ state: 'rejected', lastError: rejected.message, lastErrorWords: rejected.words });
  });

  it('are not read once another sentence, or none, replaced theirs', () => {
    const db = dirs.fresh();
    const a = add(db, { entityKey: 'a' }).id;
    expect(take(db)).toBe(a);
    retryLater(db, a, T, refused.message, null, T, refused.words);
    // A sentence written by a statement that knows nothing of words: the stored ones word another.
    db.prepare("UPDATE outbox SET last_error = 'Waiting for an earlier change.' WHERE id = ?").run(a);
    expect(opById(db, a)).toMatchObject({ lastError: 'Waiting for an earlier change.', lastErrorWords: null });
    expect(take(db, T)).toBe(a);
    retryLater(db, a, T, 'Muster could not send this change: disk full.');
    expect(opById(db, a)?.lastErrorWords).toBeNull();
  });
});
