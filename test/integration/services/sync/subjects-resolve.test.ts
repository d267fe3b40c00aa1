import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedService, disconnect } from '../../../support/remote';
import type { MirrorDb } from '../../../../src/services/mirror/open';
import { opsOfEntity } from '../../../../src/services/mirror/queries/outbox/outbox';
import { subjectByLocalId } from '../../../../src/services/mirror/queries/subjects/subjects';
import type { RemoteClient } from '../../../../src/services/remote/client';
import { conflictFields } from '../../../../src/services/sync/subjects/conflicts';
import { createSubjectOffline, updateSubjectOffline } from '../../../../src/services/sync/subjects/local';
import { pullSubjects } from '../../../../src/services/sync/subjects/pull';
import { resolveSubjectConflict } from '../../../../src/services/sync/subjects/resolve';
import type { TestService } from '../../../support/service';
import { mirrorDir } from '../mirror/mirror-fixture';
import { expectMirrorMatchesService, newPerson, serviceSubject, serviceSubjects, subjectHarness } from './subjects-fixture';

let service: TestService;
let remote: RemoteClient;
const mirrors = mirrorDir('muster-subject-resolve-');
/** Ops of the subject still refused in the outbox (the sync panel would show them). */
const refused = (db: MirrorDb, localId: number) => opsOfEntity(db, 'subject', localId).filter((op) => op.state === 'rejected');
beforeAll(async () => void ({ service, remote } = await connectedService()));
afterAll(() => disconnect(service, remote));

/** A pushed subject whose last_name and notes were then changed both here and on the service. */
async function inConflict(): Promise<{ db: MirrorDb; localId: number; remoteId: number }> {
  const db = mirrors.fresh();
  await pullSubjects(db, remote);
  const { localId } = createSubjectOffline(db, newPerson() as never);
  await subjectHarness(db, service).sync();
  const remoteId = subjectByLocalId(db, localId)!.remoteId!;
  updateSubjectOffline(db, localId, { last_name: 'Mine', notes: 'my note', phone: '+1 555 0199' });
  await service.client().patch(`/api/v1/subjects/${remoteId}`, { last_name: 'Theirs', notes: 'their note', work_phone: '+1 555 0200' });
  await subjectHarness(db, service).sync();
  expect(conflictFields(db, localId).sort()).toEqual(['last_name', 'notes']);
  return { db, localId, remoteId };
}

describe('resolving a conflict field by field', () => {
  it('sends what the person kept, takes what they gave up, and agrees with the service after', async () => {
    const { db, localId, remoteId } = await inConflict();
    expect(() => resolveSubjectConflict(db, localId, { last_name: 'mine' })).toThrow("Choose 'mine' or 'theirs' for: notes.");
    expect(refused(db, localId)).toHaveLength(1);
    const resolution = resolveSubjectConflict(db, localId, { last_name: 'mine', notes: 'theirs' });
    expect(resolution).toMatchObject({ state: 'updated', op: { kind: 'subject.update', state: 'pending' } });
    expect(refused(db, localId)).toEqual([]);
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    expect((await serviceSubject(service, remoteId)).subject).toMatchObject({ last_name: 'Mine', notes: 'their note', phone: '+1 555 0199', work_phone: '+1 555 0200', lock_version: 2 });
    expect(subjectByLocalId(db, localId)).toMatchObject({ state: 'synced', lockVersion: 2 });
    await expectMirrorMatchesService(db, service);
  });

  it('taking every service value leaves the fields only changed here to send', async () => {
    const { db, localId, remoteId } = await inConflict();
    expect(resolveSubjectConflict(db, localId, { last_name: 'theirs', notes: 'theirs' }).state).toBe('updated');
    await subjectHarness(db, service).sync();
    expect((await serviceSubject(service, remoteId)).subject).toMatchObject({ last_name: 'Theirs', notes: 'their note', phone: '+1 555 0199' });
    await expectMirrorMatchesService(db, service);
  });

  it('a conflict the service settles itself (same value there now) needs no choice: the rest is sent', async () => {
    const { db, localId, remoteId } = await inConflict();
    await service.client().patch(`/api/v1/subjects/${remoteId}`, { last_name: 'Mine', notes: 'my note' });
    expect(refused(db, localId)).toHaveLength(1);
    expect(await pullSubjects(db, remote)).toMatchObject({ conflicts: 0 });
    expect(subjectByLocalId(db, localId)!.state).toBe('updated');
    expect(refused(db, localId)).toEqual([]);
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    expect((await serviceSubject(service, remoteId)).subject).toMatchObject({ last_name: 'Mine', phone: '+1 555 0199', work_phone: '+1 555 0200' });
    expect(subjectByLocalId(db, localId)!.state).toBe('synced');
    await expectMirrorMatchesService(db, service);
  });

  it('refuses choices other than mine or theirs, and subjects without a conflict', async () => {
    const { db, localId } = await inConflict();
    expect(() => resolveSubjectConflict(db, localId, { last_name: 'local' as never })).toThrow("Choose 'mine' or 'theirs' for last_name");
    resolveSubjectConflict(db, localId, { last_name: 'theirs', notes: 'mine' });
    expect(() => resolveSubjectConflict(db, localId, {})).toThrow(/has no conflict to resolve/);
  });
});

describe('a subject the service deleted while it was changed here', () => {
  async function gone() {
    const db = mirrors.fresh();
    await pullSubjects(db, remote);
    const person = newPerson();
    const { localId } = createSubjectOffline(db, person as never);
    await subjectHarness(db, service).sync();
    updateSubjectOffline(db, localId, { notes: 'still wanted' });
    await service.client().delete(`/api/v1/subjects/${subjectByLocalId(db, localId)!.remoteId}`);
    await subjectHarness(db, service).sync();
    expect(conflictFields(db, localId)).toEqual(['deleted']);
    return { db, localId, person };
  }

  it("'mine' creates it again on the service, with the changes", async () => {
    const { db, localId, person } = await gone();
    expect(resolveSubjectConflict(db, localId, { deleted: 'mine' })).toMatchObject({ state: 'created', op: { kind: 'subject.create' } });
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    const again = (await serviceSubjects(service)).filter((s) => s.email === person.email);
    expect(again).toHaveLength(1);
    expect(again[0].notes).toBe('still wanted');
    expect(subjectByLocalId(db, localId)).toMatchObject({ state: 'synced', remoteId: again[0].id });
    await expectMirrorMatchesService(db, service);
  });

  it("'theirs' lets it go here too", async () => {
    const { db, localId } = await gone();
    expect(() => resolveSubjectConflict(db, localId, {})).toThrow(/choose 'mine' for "deleted"/);
    expect(resolveSubjectConflict(db, localId, { deleted: 'theirs' })).toEqual({ state: 'forgotten', op: null });
    expect(subjectByLocalId(db, localId)).toBeNull();
    await expectMirrorMatchesService(db, service);
  });
});
