import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedService, disconnect } from '../../../support/remote';
import { countByState, subjectByLocalId, subjectByRemoteId } from '../../../../src/services/mirror/queries/subjects/subjects';
import { pendingChanges } from '../../../../src/services/mirror/queries/subjects/subjects-local';
import type { RemoteClient } from '../../../../src/services/remote/client';
import { pullSubjects } from '../../../../src/services/sync/subjects/pull';
import { conflictFields } from '../../../../src/services/sync/subjects/conflicts';
import { updateSubjectOffline } from '../../../../src/services/sync/subjects/local';
import type { TestService } from '../../../support/service';
import { mirrorDir } from '../mirror/mirror-fixture';
import { expectMirrorMatchesService, newPerson, serviceSubject, serviceSubjects } from './subjects-fixture';

let service: TestService;
let remote: RemoteClient;
const mirrors = mirrorDir('muster-subject-pull-');
beforeAll(async () => void ({ service, remote } = await connectedService()));
afterAll(() => disconnect(service, remote));

const api = () => service.client();
async function created(body = newPerson()) {
  const answer = await api().post('/api/v1/subjects', body);
  expect(answer.status).toBe(201);
  return answer.body.response as { id: number; lock_version: number };
}

describe('pulling subjects', () => {
  it('mirrors every subject of the company, archived ones too, and a re-pull changes nothing', async () => {
    const db = mirrors.fresh();
    const onService = await serviceSubjects(service);
    expect(onService.some((s) => s.archived_at !== null)).toBe(true);
    const first = await pullSubjects(db, remote, { per: 7 });
    expect(first).toEqual({ pulled: onService.length, new: onService.length, changed: 0, conflicts: 0, deleted: 0, gone: 0 });
    expect(countByState(db).synced).toBe(onService.length);
    await expectMirrorMatchesService(db, service);

    const snapshot = db.prepare('SELECT * FROM subjects ORDER BY local_id').all().map((row) => ({ ...(row as object), pulled_at: 0 }));
    const again = await pullSubjects(db, remote);
    expect(again).toEqual({ pulled: onService.length, new: 0, changed: 0, conflicts: 0, deleted: 0, gone: 0 });
    expect(db.prepare('SELECT * FROM subjects ORDER BY local_id').all().map((row) => ({ ...(row as object), pulled_at: 0 }))).toEqual(snapshot);
  });

  it('takes in changes, new subjects and deletions made on the service', async () => {
    const db = mirrors.fresh();
    // Not the newest: the reference service's SQLite ids would hand the newest id out again.
    const deleted = await created();
    const changed = await created();
    await pullSubjects(db, remote);
    expect((await api().patch(`/api/v1/subjects/${changed.id}`, { notes: 'called back' })).status).toBe(200);
    expect((await api().delete(`/api/v1/subjects/${deleted.id}`)).status).toBe(200);
    const fresh = await created();
    const counts = await pullSubjects(db, remote);
    expect(counts).toMatchObject({ new: 1, changed: 1, deleted: 1, conflicts: 0, gone: 0 });
    expect(subjectByRemoteId(db, changed.id)?.fields.notes).toBe('called back');
    expect(subjectByRemoteId(db, deleted.id)).toBeNull();
    expect(subjectByRemoteId(db, fresh.id)?.state).toBe('synced');
    await expectMirrorMatchesService(db, service);
  });

  it('reads again when a deletion during the pull shifted a subject onto a page already read', async () => {
    const db = mirrors.fresh();
    const all = await serviceSubjects(service);
    // Deleting an early subject after page 1 moves the first subject of page 2 onto page 1.
    const early = all[2];
    let deletedDuringPull = false;
    const counts = await pullSubjects(db, remote, {
      per: 5,
      onPage: () => {
        if (deletedDuringPull) return;
        deletedDuringPull = true;
        service.context.db.prepare('DELETE FROM subjects WHERE id = ?').run(early.id);
      },
    });
    expect(deletedDuringPull).toBe(true);
    expect(subjectByRemoteId(db, all[5].id)).not.toBeNull();
    expect(subjectByRemoteId(db, early.id)).toBeNull();
    expect(counts).toMatchObject({ pulled: all.length - 1, deleted: 1 });
    await expectMirrorMatchesService(db, service);
  });
});

describe('a pull never overwrites a change made here', () => {
  it('merges a service change to another field: both kept, the local one still to push', async () => {
    const db = mirrors.fresh();
    const record = await created();
    await pullSubjects(db, remote);
    const localId = subjectByRemoteId(db, record.id)!.localId;
    updateSubjectOffline(db, localId, { phone: '+49 30 1234' });
    await api().patch(`/api/v1/subjects/${record.id}`, { notes: 'from the office' });
    expect(await pullSubjects(db, remote)).toMatchObject({ changed: 1, conflicts: 0 });
    const subject = subjectByLocalId(db, localId)!;
    expect(subject).toMatchObject({ state: 'updated', lockVersion: 1, fields: { phone: '+49 30 1234', notes: 'from the office' } });
    expect(pendingChanges(db, localId)).toMatchObject({ fields: { phone: '+49 30 1234' }, lockVersion: 1 });
  });

  it('marks a field changed on both sides as a conflict and keeps both values', async () => {
    const db = mirrors.fresh();
    const record = await created();
    await pullSubjects(db, remote);
    const localId = subjectByRemoteId(db, record.id)!.localId;
    updateSubjectOffline(db, localId, { last_name: 'Mine' });
    await api().patch(`/api/v1/subjects/${record.id}`, { last_name: 'Theirs' });
    expect(await pullSubjects(db, remote)).toMatchObject({ conflicts: 1 });
    const subject = subjectByLocalId(db, localId)!;
    expect(subject).toMatchObject({ state: 'conflict', fields: { last_name: 'Mine' }, pulled: { last_name: 'Theirs' } });
    expect(conflictFields(db, localId)).toEqual(['last_name']);
    expect((await serviceSubject(service, record.id)).subject.last_name).toBe('Theirs');
  });

  it('keeps a subject the service deleted when it has changes here, marked as deleted there', async () => {
    const db = mirrors.fresh();
    const record = await created();
    await pullSubjects(db, remote);
    const localId = subjectByRemoteId(db, record.id)!.localId;
    updateSubjectOffline(db, localId, { notes: 'important' });
    await api().delete(`/api/v1/subjects/${record.id}`);
    expect(await pullSubjects(db, remote)).toMatchObject({ gone: 1, deleted: 0 });
    expect(subjectByLocalId(db, localId)).toMatchObject({ state: 'conflict', pulled: null, fields: { notes: 'important' } });
    expect(conflictFields(db, localId)).toEqual(['deleted']);
  });
});
