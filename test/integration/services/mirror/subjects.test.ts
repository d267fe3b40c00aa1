import { describe, expect, it } from 'vitest';
import { householdByLocalId, householdByRemoteId, updateLocalHousehold } from '../../../../src/services/mirror/queries/subjects/households';
import { createLocalSubject, destroyLocalSubject, pendingChanges, SubjectChangeError, updateLocalSubject } from '../../../../src/services/mirror/queries/subjects/subjects-local';
import { upsertPulledSubjects } from '../../../../src/services/mirror/queries/subjects/subjects-pull';
import { countByState, forgetSubject, listSubjects, subjectByLocalId, subjectByRemoteId, subjectsNotPulledSince } from '../../../../src/services/mirror/queries/subjects/subjects';
import { mirrorDir } from './mirror-fixture';
import { subjectRecord } from './subject-records';

const dirs = mirrorDir();

describe('pulling subjects', () => {
  it('writes pulled records with their households; a synced subject’s base is the pulled version', () => {
    const db = dirs.fresh();
    const a = subjectRecord(1, {}, 500);
    const b = subjectRecord(2, { head_of_household: false, cid: 'X-9' }, 500);
    expect(upsertPulledSubjects(db, [a, b], 100)).toEqual({ written: 2, deferred: 0 });
    const subject = subjectByRemoteId(db, 2)!;
    expect(subject).toMatchObject({ remoteId: 2, householdRemoteId: 500, state: 'synced', lockVersion: 0, pulledAt: 100, pulled: null });
    expect(subject.fields).toMatchObject({ first_name: 'First2', head_of_household: false, cid: 'X-9', demographic_ids: [1, 2], location_ids: [], has_account: false });
    expect(subject.household).toEqual({ address: '1 Main St', city: 'Springfield', country: 'US', state: 'IL', zip: '62701' });
    expect(subject.base).toEqual({ remote_id: 2, household_id: 500, lock_version: 0, updated_at: b.updated_at, fields: subject.fields });
    expect(subjectByRemoteId(db, 1)!.householdLocalId).toBe(subject.householdLocalId);
    // No JSON copy is written for synced rows.
    expect(db.prepare('SELECT count(*) AS n FROM subjects WHERE base IS NOT NULL OR pulled IS NOT NULL').get()).toEqual({ n: 0 });
  });

  it('overwrites a synced subject with a newer pull, moving it to another household', () => {
    const db = dirs.fresh();
    upsertPulledSubjects(db, [subjectRecord(1, {}, 500)]);
    upsertPulledSubjects(db, [subjectRecord(1, { last_name: 'Newer', lock_version: 3 }, 501)], 200);
    const subject = subjectByRemoteId(db, 1)!;
    expect(subject).toMatchObject({ householdRemoteId: 501, lockVersion: 3, pulledAt: 200, state: 'synced' });
    expect(subject.fields.last_name).toBe('Newer');
    expect(listSubjects(db)).toHaveLength(1);
  });

  it('parks a pulled version of a subject with local changes instead of overwriting them', () => {
    const db = dirs.fresh();
    upsertPulledSubjects(db, [subjectRecord(1)]);
    const local = subjectByRemoteId(db, 1)!;
    updateLocalSubject(db, local.localId, { first_name: 'Mine' });
    const newer = subjectRecord(1, { last_name: 'Theirs', lock_version: 1 });
    expect(upsertPulledSubjects(db, [newer], 300)).toEqual({ written: 0, deferred: 1 });
    const after = subjectByLocalId(db, local.localId)!;
    expect(after.fields).toMatchObject({ first_name: 'Mine', last_name: 'Last1' });
    expect(after).toMatchObject({ state: 'updated', pulled: newer, lockVersion: 0, pulledAt: 300 });
    expect(after.base?.fields.first_name).toBe('First1');
  });

  it('keeps local changes to a household when a pull brings it again', () => {
    const db = dirs.fresh();
    upsertPulledSubjects(db, [subjectRecord(1, {}, 500)]);
    const household = householdByRemoteId(db, 500)!;
    updateLocalHousehold(db, household.localId, { city: 'Shelbyville' });
    upsertPulledSubjects(db, [subjectRecord(1, {}, 500)]);
    expect(householdByRemoteId(db, 500)).toMatchObject({ fields: { city: 'Shelbyville' }, base: { city: 'Springfield' } });
  });

  it('finds synced subjects a complete pull did not see, and forgets them with an emptied household', () => {
    const db = dirs.fresh();
    upsertPulledSubjects(db, [subjectRecord(1), subjectRecord(2)], 100);
    upsertPulledSubjects(db, [subjectRecord(2)], 200);
    const gone = subjectsNotPulledSince(db, 200);
    expect(gone).toEqual([subjectByRemoteId(db, 1)!.localId]);
    expect(forgetSubject(db, gone[0])).toBe(true);
    expect(householdByRemoteId(db, 1001)).toBeNull();
    expect(forgetSubject(db, gone[0])).toBe(false);
  });

  it('writes a page atomically: a record that cannot be stored leaves the page unwritten', () => {
    const db = dirs.fresh();
    const bad = { ...subjectRecord(2), first_name: { not: 'text' } } as never;
    expect(() => upsertPulledSubjects(db, [subjectRecord(1), bad])).toThrow();
    expect(listSubjects(db)).toEqual([]);
  });
});

describe('offline changes', () => {
  it('creates a subject in a new or an existing household, not on the service yet', () => {
    const db = dirs.fresh();
    const id = createLocalSubject(db, { first_name: 'Ana', demographic_ids: [3] }, { city: 'Berlin' }, 5);
    const ana = subjectByLocalId(db, id)!;
    expect(ana).toMatchObject({ remoteId: null, state: 'created', base: null, changedAt: 5, household: { city: 'Berlin' }, householdRemoteId: null });
    expect(ana.fields).toMatchObject({ first_name: 'Ana', last_name: null, demographic_ids: [3], head_of_household: false });
    const ben = createLocalSubject(db, { first_name: 'Ben' }, { localId: ana.householdLocalId });
    expect(subjectByLocalId(db, ben)!.householdLocalId).toBe(ana.householdLocalId);
    expect(() => createLocalSubject(db, {}, { localId: 999 })).toThrow(SubjectChangeError);
    expect(pendingChanges(db, id)).toMatchObject({ fields: { first_name: 'Ana', demographic_ids: [3] }, lockVersion: null, movedTo: null, household: { city: 'Berlin' } });
  });

  it('freezes the pulled version at the first change and answers only what changed', () => {
    const db = dirs.fresh();
    upsertPulledSubjects(db, [subjectRecord(1, { lock_version: 4 }, 500), subjectRecord(2, {}, 600)]);
    const { localId } = subjectByRemoteId(db, 1)!;
    updateLocalSubject(db, localId, { email: 'new@example.com' }, 10);
    updateLocalSubject(db, localId, { notes: 'call after 6', household: { zip: '62702' } }, 11);
    const subject = subjectByLocalId(db, localId)!;
    expect(subject).toMatchObject({ state: 'updated', changedAt: 11 });
    expect(subject.base?.fields.email).toBe('s1@example.com');
    expect(pendingChanges(db, localId)).toEqual({ fields: { email: 'new@example.com', notes: 'call after 6' }, household: { zip: '62702' }, movedTo: null, lockVersion: 4 });

    const other = subjectByRemoteId(db, 2)!;
    updateLocalSubject(db, localId, { householdLocalId: other.householdLocalId });
    expect(pendingChanges(db, localId)?.movedTo).toEqual({ localId: other.householdLocalId, remoteId: 600 });
    expect(householdByLocalId(db, other.householdLocalId)?.base).toEqual(other.household);
  });

  it('marks a subject destroyed and refuses further changes', () => {
    const db = dirs.fresh();
    upsertPulledSubjects(db, [subjectRecord(1)]);
    const { localId } = subjectByRemoteId(db, 1)!;
    expect(destroyLocalSubject(db, localId).state).toBe('destroyed');
    expect(subjectByLocalId(db, localId)?.base?.remote_id).toBe(1);
    expect(() => updateLocalSubject(db, localId, { first_name: 'X' })).toThrow(/was deleted and can no longer be changed/);
    expect(() => destroyLocalSubject(db, 12345)).toThrow(/Subject 12345 is not in the mirror/);
  });

  it('counts subjects per local state', () => {
    const db = dirs.fresh();
    upsertPulledSubjects(db, [subjectRecord(1), subjectRecord(2), subjectRecord(3)]);
    updateLocalSubject(db, subjectByRemoteId(db, 1)!.localId, { notes: 'x' });
    destroyLocalSubject(db, subjectByRemoteId(db, 2)!.localId);
    createLocalSubject(db, { first_name: 'New' });
    expect(countByState(db)).toEqual({ synced: 1, created: 1, updated: 1, destroyed: 1, conflict: 0 });
    expect(listSubjects(db, { states: ['created', 'updated'] }).map((s) => s.state)).toEqual(['updated', 'created']);
  });
});
