import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedService, disconnect } from '../../../support/remote';
import { opsOfEntity } from '../../../../src/services/mirror/queries/outbox/outbox';
import { subjectByLocalId, subjectByRemoteId } from '../../../../src/services/mirror/queries/subjects/subjects';
import type { RemoteClient } from '../../../../src/services/remote/client';
import { createSubjectOffline, destroySubjectOffline, SubjectChangeError, SubjectInputError, updateSubjectOffline } from '../../../../src/services/sync/subjects/local';
import { pullSubjects } from '../../../../src/services/sync/subjects/pull';
import { remoteIdsOf } from '../../../../src/services/mirror/queries/subjects/subject-search';
import { searchMirrorSubjects } from '../../../../src/services/usecases/subject-search';
import type { TestService } from '../../../support/service';
import { mirrorDir } from '../mirror/mirror-fixture';
import { expectMirrorMatchesService, newPerson, serviceSubject, serviceSubjects, subjectHarness } from './subjects-fixture';

let service: TestService;
let remote: RemoteClient;
const mirrors = mirrorDir('muster-subject-push-');
beforeAll(async () => void ({ service, remote } = await connectedService()));
afterAll(() => disconnect(service, remote));

async function pulledMirror() {
  const db = mirrors.fresh();
  await pullSubjects(db, remote);
  return db;
}

const sameEmail = async (email: unknown) => (await serviceSubjects(service)).filter((s) => s.email === email);

describe('offline changes reach the service once', () => {
  it('creates, updates and destroys a subject made offline', async () => {
    const db = await pulledMirror();
    const person = newPerson({ phone: ' 030 1234 ', household: { city: 'Berlin', zip: '10115' } });
    const { localId, op } = createSubjectOffline(db, person as never);
    expect(op).toMatchObject({ kind: 'subject.create', entityType: 'subject', entityKey: String(localId), state: 'pending' });
    expect(subjectByLocalId(db, localId)).toMatchObject({ state: 'created', remoteId: null, fields: { phone: '030 1234' } });

    expect(await subjectHarness(db, service).sync()).toBe('idle');
    const made = subjectByLocalId(db, localId)!;
    expect(made).toMatchObject({ state: 'synced', lockVersion: 0, household: { city: 'Berlin', zip: '10115' } });
    expect(await sameEmail(person.email)).toHaveLength(1);
    await expectMirrorMatchesService(db, service);
    // Its search entry moved to the id it was given: found once, listed where the service lists it
    // among everyone with a word starting with n (Nora).
    expect(searchMirrorSubjects(db, { search_term: String(person.first_name) }).localIds).toEqual([localId]);
    const everyoneWithN = { search_term: 'n', per: 1000, include_archived: true, order_by: 'id' as const };
    const listed = await service.client().post('/api/v1/subjects/search', everyoneWithN);
    expect(remoteIdsOf(db, searchMirrorSubjects(db, everyoneWithN).localIds)).toEqual((listed.body.response as { id: number }[]).map((x) => x.id));
    expect(remoteIdsOf(db, searchMirrorSubjects(db, everyoneWithN).localIds)).toContain(made.remoteId);

    updateSubjectOffline(db, localId, { notes: 'evenings only', household: { zip: '10117' } });
    updateSubjectOffline(db, localId, { middle_initial: 'Q' });
    expect(subjectByLocalId(db, localId)!.state).toBe('updated');
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    const { subject } = await serviceSubject(service, made.remoteId!);
    expect(subject).toMatchObject({ notes: 'evenings only', middle_initial: 'Q', household: { zip: '10117' }, lock_version: 1 });
    expect(subjectByLocalId(db, localId)).toMatchObject({ state: 'synced', lockVersion: 1 });
    expect(opsOfEntity(db, 'subject', localId).map((o) => [o.kind, o.state])).toEqual([
      ['subject.create', 'done'],
      ['subject.update', 'done'],
      ['subject.update', 'done'],
    ]);
    await expectMirrorMatchesService(db, service);

    destroySubjectOffline(db, localId);
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    expect((await serviceSubject(service, made.remoteId!)).status).toBe(404);
    expect(subjectByLocalId(db, localId)).toBeNull();
    await expectMirrorMatchesService(db, service);
  });

  it('sends a subject changed and deleted before it was ever pushed as nothing at all', async () => {
    const db = await pulledMirror();
    const person = newPerson();
    const { localId } = createSubjectOffline(db, person as never);
    const update = updateSubjectOffline(db, localId, { notes: 'x' }).op;
    const destroy = destroySubjectOffline(db, localId).op!;
    const create = opsOfEntity(db, 'subject', localId)[0];
    expect([update.dependsOn, destroy.dependsOn]).toEqual([create.id, create.id]);
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    expect(await sameEmail(person.email)).toHaveLength(0);
    expect(subjectByLocalId(db, localId)).toBeNull();
    expect(opsOfEntity(db, 'subject', localId).every((o) => o.state === 'done')).toBe(true);
  });

  it('keeps two subjects created into one new household together on the service', async () => {
    const db = await pulledMirror();
    const parent = createSubjectOffline(db, newPerson({ household: { address: '1 Lake Road' } }) as never);
    const household = subjectByLocalId(db, parent.localId)!.householdLocalId;
    const child = createSubjectOffline(db, newPerson({ date_of_birth: '2018-06-01' }) as never, { householdLocalId: household });
    expect(child.op.dependsOn).toBe(parent.op.id);
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    const [a, b] = [subjectByLocalId(db, parent.localId)!, subjectByLocalId(db, child.localId)!];
    expect(a.householdRemoteId).not.toBeNull();
    expect(b.householdRemoteId).toBe(a.householdRemoteId);
    expect((await serviceSubject(service, b.remoteId!)).subject).toMatchObject({ household_id: a.householdRemoteId, is_minor: true });
    await expectMirrorMatchesService(db, service);
  });

  it('a subject not yet pushed and moved into another new household waits for the create that makes it', async () => {
    const db = await pulledMirror();
    const first = createSubjectOffline(db, newPerson({ household: { address: '2 Hill Road' } }) as never);
    const second = createSubjectOffline(db, newPerson() as never);
    const household = subjectByLocalId(db, first.localId)!.householdLocalId;
    updateSubjectOffline(db, second.localId, { notes: 'moved in' }, { householdLocalId: household });
    const h = subjectHarness(db, service);
    expect(await h.sync()).toBe('idle');
    expect(h.events.some((e) => e.type === 'waiting' && e.op.id === second.op.id)).toBe(true);
    const [a, b] = [subjectByLocalId(db, first.localId)!, subjectByLocalId(db, second.localId)!];
    expect(b).toMatchObject({ state: 'synced', householdRemoteId: a.householdRemoteId, fields: { notes: 'moved in' } });
    expect((await serviceSubject(service, b.remoteId!)).subject.household_id).toBe(a.householdRemoteId);
    await expectMirrorMatchesService(db, service);
  });

  it('moves a subject into another household of the service', async () => {
    const db = await pulledMirror();
    const [first, second] = [createSubjectOffline(db, newPerson() as never), createSubjectOffline(db, newPerson() as never)];
    await subjectHarness(db, service).sync();
    const target = subjectByLocalId(db, first.localId)!;
    updateSubjectOffline(db, second.localId, { household: { id: target.householdRemoteId! } });
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    const moved = subjectByLocalId(db, second.localId)!;
    expect(moved).toMatchObject({ state: 'synced', householdRemoteId: target.householdRemoteId, householdLocalId: target.householdLocalId });
    expect((await serviceSubject(service, moved.remoteId!)).subject.household_id).toBe(target.householdRemoteId);
    await expectMirrorMatchesService(db, service);
  });
});

describe('offline changes are checked with the service’s rules first', () => {
  it('refuses invalid input with the field named, and writes nothing', async () => {
    const db = mirrors.fresh();
    expect(() => createSubjectOffline(db, { first_name: ' ', last_name: 'X', email: 'a@b', age: 4 } as never)).toThrow(SubjectInputError);
    try {
      createSubjectOffline(db, { first_name: ' ', last_name: 'X', email: 'a@b', age: 4 } as never);
    } catch (error) {
      expect((error as SubjectInputError).details.map((d) => d.field)).toEqual(['first_name', 'email', 'age']);
      expect((error as Error).message).toBe('The subject cannot be saved: first_name must not be blank; email must be a valid e-mail address; age is not a field a subject can be given.');
    }
    expect(db.prepare('SELECT (SELECT count(*) FROM subjects) + (SELECT count(*) FROM outbox) AS n').get()).toEqual({ n: 0 });
  });

  it('refuses a child alone in a new household (rule 3), locally as the service would', async () => {
    const db = mirrors.fresh();
    expect(() => createSubjectOffline(db, newPerson({ date_of_birth: '2019-01-01' }) as never)).toThrow(/a child must be given a household that already contains a subject/);
    const adult = createSubjectOffline(db, newPerson() as never);
    expect(() => updateSubjectOffline(db, adult.localId, { date_of_birth: '2019-01-01' })).toThrow(/date_of_birth makes|a child must/);
    expect(() => updateSubjectOffline(db, 999, { notes: 'x' })).toThrow(SubjectChangeError);
  });

  it('refuses to change a subject in conflict or already deleted', async () => {
    const db = await pulledMirror();
    const some = subjectByRemoteId(db, 1)!;
    destroySubjectOffline(db, some.localId);
    expect(() => updateSubjectOffline(db, some.localId, { notes: 'x' })).toThrow(/was deleted and can no longer be changed/);
  });
});
