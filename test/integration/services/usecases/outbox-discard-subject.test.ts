/**
 * Giving up a subject's offline changes from the outbox (`muster outbox --discard`, the sync
 * panel's Discard): the mirror goes back to what the service has, nothing is sent, and a
 * later sync finds mirror and service in agreement. Real mirror file, real reference service.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MirrorDb } from '../../../../src/services/mirror/open';
import { householdByLocalId } from '../../../../src/services/mirror/queries/subjects/households';
import { opsOfEntity } from '../../../../src/services/mirror/queries/outbox/outbox';
import { listSubjects, subjectByLocalId } from '../../../../src/services/mirror/queries/subjects/subjects';
import { keepRemoteId } from '../../../../src/services/mirror/queries/subjects/subjects-sync';
import type { RemoteClient } from '../../../../src/services/remote/client';
import { createSubjectOffline, destroySubjectOffline, updateSubjectOffline } from '../../../../src/services/sync/subjects/local';
import { pullSubjects } from '../../../../src/services/sync/subjects/pull';
import { discardFromOutbox, listOutbox, openAccountMirror, type MirrorPlace } from '../../../../src/services/usecases';
import { connectedService, disconnect } from '../../../support/remote';
import type { TestService } from '../../../support/service';
import { expectMirrorMatchesService, newPerson, subjectHarness } from '../sync/subjects-fixture';

let service: TestService;
let remote: RemoteClient;
let place: MirrorPlace;
let db: MirrorDb;
const dir = mkdtempSync(join(tmpdir(), 'muster-discard-subject-'));

beforeAll(async () => {
  ({ service, remote } = await connectedService());
  place = { dataDir: dir, serverUrl: service.url, account: 'default' };
  db = openAccountMirror(place);
  await pullSubjects(db, remote);
});
afterAll(async () => {
  db?.close();
  await disconnect(service, remote);
  rmSync(dir, { recursive: true, force: true });
});

const synced = () => listSubjects(db).filter((s) => s.state === 'synced' && s.remoteId !== null);
const openOpsOf = (localId: number) => opsOfEntity(db, 'subject', localId).filter((o) => o.state !== 'done');

/** Discards through the use case, first asking what is lost (nothing changes then). */
function discard(opId: number): string {
  const asked = discardFromOutbox(place, opId, false);
  expect(asked.discarded).toBe(false);
  expect(listOutbox(place).some((item) => item.id === opId)).toBe(true);
  const done = discardFromOutbox(place, opId, true);
  expect(done).toEqual({ lost: asked.lost, lostWords: asked.lostWords, discarded: true });
  return done.lost;
}

describe('discarding a subject’s offline change', () => {
  it('puts back the fields and the household fields as the service has them', () => {
    const subject = synced()[0];
    const householdBefore = householdByLocalId(db, subject.householdLocalId)!.fields;
    const { op } = updateSubjectOffline(db, subject.localId, { notes: 'calls after six', household: { zip: '99999' } });
    const item = listOutbox(place).find((i) => i.id === op.id)!;
    expect(item.title).toContain(subject.fields.first_name!);
    expect(item.discardLoses).toMatch(/^The changes made to it on this computer are undone: subject \d+ .* goes back to the version last fetched from the service\. The service is not changed\.$/);

    discard(op.id);
    const after = subjectByLocalId(db, subject.localId)!;
    expect(after).toMatchObject({ state: 'synced', fields: subject.fields, lockVersion: subject.lockVersion });
    expect(householdByLocalId(db, after.householdLocalId)!.fields).toEqual(householdBefore);
    expect(openOpsOf(subject.localId)).toEqual([]);
  });

  it('puts a subject moved to another household back in its own', () => {
    // Two adults in different households (the minor rule keeps children with an adult).
    const adults = synced().filter((s) => s.fields.date_of_birth !== null && s.fields.date_of_birth < '2000-01-01');
    const mover = adults.find((s) => adults.some((t) => t.householdLocalId !== s.householdLocalId))!;
    const other = adults.find((t) => t.householdLocalId !== mover.householdLocalId)!;
    const { op } = updateSubjectOffline(db, mover.localId, {}, { householdLocalId: other.householdLocalId });
    expect(subjectByLocalId(db, mover.localId)!.householdLocalId).toBe(other.householdLocalId);
    discard(op.id);
    expect(subjectByLocalId(db, mover.localId)!).toMatchObject({ state: 'synced', householdLocalId: mover.householdLocalId });
  });

  it('brings back a subject removed offline', () => {
    const subject = synced()[2];
    const { op } = destroySubjectOffline(db, subject.localId);
    expect(listOutbox(place).find((i) => i.id === op!.id)!.discardLoses).toMatch(/^Its removal is undone/);
    discard(op!.id);
    expect(subjectByLocalId(db, subject.localId)).toMatchObject({ state: 'synced', fields: subject.fields });
  });

  it('removes a subject made offline, with the household made for it', () => {
    const { localId, op } = createSubjectOffline(db, newPerson({ household: { city: 'Leipzig' } }) as never);
    const household = subjectByLocalId(db, localId)!.householdLocalId;
    expect(discard(op.id)).toMatch(/was made on this computer and never reached the service; discarding removes it here\.$/);
    expect(subjectByLocalId(db, localId)).toBeNull();
    expect(householdByLocalId(db, household)).toBeNull();
  });

  it('refuses, in a sentence, to discard a subject the service has when no version of it was fetched here', () => {
    // Made here, its create answered (so the service has it) but no version pulled: then
    // destroyed here before the create's answer was taken in (keepRemoteId's case).
    const { localId, op } = createSubjectOffline(db, newPerson() as never);
    destroySubjectOffline(db, localId);
    keepRemoteId(db, localId, 987_654);
    expect(subjectByLocalId(db, localId)).toMatchObject({ remoteId: 987_654, state: 'destroyed' });
    expect(listOutbox(place).find((i) => i.id === op.id)!.discardLoses).toBeNull();
    expect(() => discardFromOutbox(place, op.id, true)).toThrow(`change ${op.id} is to a subject the service already has, with no version of it fetched here to go back to; retry it, or pull first.`);
    expect(subjectByLocalId(db, localId)).not.toBeNull();
    // Put it back as it was for the tests after this one: made here, not on the service.
    db.prepare('UPDATE subjects SET remote_id = NULL WHERE local_id = ?').run(localId);
    discardFromOutbox(place, op.id, true);
  });

  it('takes the newer version the service sent while the change waited', async () => {
    const subject = synced()[3];
    const { op } = updateSubjectOffline(db, subject.localId, { notes: 'mine' });
    const changed = await service.client().patch(`/api/v1/subjects/${subject.remoteId}`, { notes: 'theirs', lock_version: subject.lockVersion });
    expect(changed.status).toBe(200);
    await pullSubjects(db, remote);
    expect(subjectByLocalId(db, subject.localId)!.pulled).not.toBeNull();
    discard(op.id);
    expect(subjectByLocalId(db, subject.localId)).toMatchObject({ state: 'synced', fields: { notes: 'theirs' }, lockVersion: changed.body.response.lock_version });
  });

  it('leaves nothing to send: a sync afterwards finds mirror and service in agreement', async () => {
    expect(listOutbox(place)).toEqual([]);
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    await expectMirrorMatchesService(db, service);
  });
});
