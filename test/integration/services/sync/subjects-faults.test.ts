import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectedService, disconnect } from '../../../support/remote';
import type { Fault } from '../../../../src/server/faults';
import type { MirrorDb } from '../../../../src/services/mirror/open';
import { opsOfEntity } from '../../../../src/services/mirror/queries/outbox/outbox';
import { subjectByLocalId } from '../../../../src/services/mirror/queries/subjects/subjects';
import type { RemoteClient } from '../../../../src/services/remote/client';
import { createSubjectOffline, destroySubjectOffline, updateSubjectOffline } from '../../../../src/services/sync/subjects/local';
import { pullSubjects } from '../../../../src/services/sync/subjects/pull';
import type { TestService } from '../../../support/service';
import { mirrorDir } from '../mirror/mirror-fixture';
import { expectMirrorMatchesService, newPerson, serviceSubject, serviceSubjects, subjectHarness } from './subjects-fixture';

// Faults around each subject request: every change still lands exactly once (no
// Idempotency-Key is sent, as with a service that ignores it), and mirror and service agree.
let service: TestService;
let remote: RemoteClient;
const mirrors = mirrorDir('muster-subject-faults-');
beforeAll(async () => void ({ service, remote } = await connectedService({ faults: {} })));
afterAll(() => disconnect(service, remote));
beforeEach(() => void service.faults!.clear());

const CREATE = { method: 'POST', path: '/api/v1/subjects' };
const PATCH = { method: 'PATCH', path: '/api/v1/subjects/:id' };
const DELETE = { method: 'DELETE', path: '/api/v1/subjects/:id' };

const withEmail = async (email: unknown) => (await serviceSubjects(service)).filter((s) => s.email === email);
const kinds = (db: MirrorDb, localId: number) => opsOfEntity(db, 'subject', localId).map((op) => [op.kind, op.state]);

/** A mirror that holds what the service holds, so the cross-check covers every subject. */
async function pulledMirror() {
  const db = mirrors.fresh();
  await pullSubjects(db, remote);
  return db;
}

async function pushed(db: MirrorDb) {
  const person = newPerson();
  const { localId } = createSubjectOffline(db, person as never);
  expect(await subjectHarness(db, service).sync()).toBe('idle');
  return { localId, remoteId: subjectByLocalId(db, localId)!.remoteId!, person };
}

describe('a create whose answer is lost', () => {
  it.each(['drop', '502-after', '503-after'])('%s: the committed subject is found and adopted, not created twice', async (kind) => {
    const db = await pulledMirror();
    const person = newPerson();
    const { localId, op } = createSubjectOffline(db, person as never);
    service.faults!.when(CREATE, { kind: kind as Fault['kind'] }, 1);
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    expect(service.faults!.pending).toBe(0);
    const onService = await withEmail(person.email);
    expect(onService).toHaveLength(1);
    expect(subjectByLocalId(db, localId)).toMatchObject({ state: 'synced', remoteId: onService[0].id });
    const done = opsOfEntity(db, 'subject', localId).find((o) => o.id === op.id)!;
    expect(done).toMatchObject({ state: 'done', attempts: 2, remoteRef: onService[0].id, result: { adopted: true } });
    await expectMirrorMatchesService(db, service);
  });

  it('folds in a copy a pull mirrored between the lost answer and the retry', async () => {
    const db = mirrors.fresh();
    const person = newPerson();
    const { localId } = createSubjectOffline(db, person as never);
    service.faults!.when(CREATE, { kind: 'drop' }, 1);
    const first = subjectHarness(db, service, { backoff: { baseMs: 60_000, capMs: 60_000 } });
    await first.runner.runUntilIdle({ until: () => first.events.some((e) => e.type === 'retry_scheduled'), timeoutMs: 10_000 });
    await first.runner.stop();
    await pullSubjects(db, remote);
    expect(db.prepare('SELECT count(*) AS n FROM subjects WHERE email = ?').get(person.email)).toEqual({ n: 2 });
    db.prepare('UPDATE outbox SET next_attempt_at = 0').run();
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    expect(db.prepare('SELECT local_id FROM subjects WHERE email = ?').all(person.email)).toEqual([{ local_id: localId }]);
    expect(await withEmail(person.email)).toHaveLength(1);
    await expectMirrorMatchesService(db, service);
  });

  it('creates it once when the lost request never reached the service (503, 429 retried)', async () => {
    const db = mirrors.fresh();
    const person = newPerson();
    const { localId } = createSubjectOffline(db, person as never);
    service.faults!.next([{ kind: '503' }, { kind: '429', retryAfter: 0 }]);
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    expect(await withEmail(person.email)).toHaveLength(1);
    expect(opsOfEntity(db, 'subject', localId)[0]).toMatchObject({ state: 'done', result: { adopted: false } });
  });
});

describe('updates and deletes under faults', () => {
  it('a PATCH whose answer was lost is not applied twice: the 409 merge finds it already there', async () => {
    const db = await pulledMirror();
    const { localId, remoteId } = await pushed(db);
    updateSubjectOffline(db, localId, { notes: 'once' });
    service.faults!.when(PATCH, { kind: 'drop' }, 1);
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    expect(service.faults!.pending).toBe(0);
    expect((await serviceSubject(service, remoteId)).subject).toMatchObject({ notes: 'once', lock_version: 1 });
    expect(subjectByLocalId(db, localId)).toMatchObject({ state: 'synced', lockVersion: 1 });
    await expectMirrorMatchesService(db, service);
  });

  it('a DELETE whose answer was lost ends done; deleting what the service already deleted too', async () => {
    const db = await pulledMirror();
    const lost = await pushed(db);
    const gone = await pushed(db);
    await service.client().delete(`/api/v1/subjects/${gone.remoteId}`);
    destroySubjectOffline(db, lost.localId);
    destroySubjectOffline(db, gone.localId);
    service.faults!.when(DELETE, { kind: 'drop' }, 1);
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    expect(service.faults!.pending).toBe(0);
    expect(kinds(db, lost.localId)).toEqual([['subject.create', 'done'], ['subject.destroy', 'done']]);
    expect(opsOfEntity(db, 'subject', gone.localId)[1]).toMatchObject({ state: 'done', result: { already_gone: true } });
    expect([subjectByLocalId(db, lost.localId), subjectByLocalId(db, gone.localId)]).toEqual([null, null]);
    expect((await serviceSubject(service, lost.remoteId)).status).toBe(404);
    await expectMirrorMatchesService(db, service);
  });
});

describe('edits made on the service meanwhile', () => {
  it('merges by itself when the fields differ: both changes end up on the service', async () => {
    const db = await pulledMirror();
    const { localId, remoteId } = await pushed(db);
    updateSubjectOffline(db, localId, { phone: '+1 555 0100' });
    await service.client().patch(`/api/v1/subjects/${remoteId}`, { notes: 'from the office' });
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    expect((await serviceSubject(service, remoteId)).subject).toMatchObject({ phone: '+1 555 0100', notes: 'from the office', lock_version: 2 });
    expect(subjectByLocalId(db, localId)).toMatchObject({ state: 'synced', lockVersion: 2, fields: { phone: '+1 555 0100', notes: 'from the office' } });
    await expectMirrorMatchesService(db, service);
  });

  it('stops at a field changed on both sides: conflict shown, op rejected, nothing overwritten', async () => {
    const db = await pulledMirror();
    const { localId, remoteId } = await pushed(db);
    const { op } = updateSubjectOffline(db, localId, { last_name: 'Mine', phone: '+1 555 0101' });
    await service.client().patch(`/api/v1/subjects/${remoteId}`, { last_name: 'Theirs' });
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    const rejected = opsOfEntity(db, 'subject', localId).find((o) => o.id === op.id)!;
    expect(rejected.state).toBe('rejected');
    expect(rejected.lastError).toMatch(/was changed here and changed on the service too: last_name\./);
    expect((await serviceSubject(service, remoteId)).subject).toMatchObject({ last_name: 'Theirs', phone: null, lock_version: 1 });
    expect(subjectByLocalId(db, localId)).toMatchObject({ state: 'conflict', fields: { last_name: 'Mine', phone: '+1 555 0101' }, pulled: { last_name: 'Theirs' } });
  });

  it('marks a subject the service deleted, keeping what was changed here', async () => {
    const db = await pulledMirror();
    const { localId, remoteId } = await pushed(db);
    const { op } = updateSubjectOffline(db, localId, { notes: 'keep me' });
    await service.client().delete(`/api/v1/subjects/${remoteId}`);
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    expect(opsOfEntity(db, 'subject', localId).find((o) => o.id === op.id)).toMatchObject({ state: 'rejected', lastError: expect.stringMatching(/was deleted on the service/) });
    expect(subjectByLocalId(db, localId)).toMatchObject({ state: 'conflict', pulled: null, fields: { notes: 'keep me' } });
  });
});
