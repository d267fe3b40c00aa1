import { describe, expect, it } from 'vitest';
import { householdByLocalId } from '../../../../src/services/mirror/queries/subjects/households';
import { createLocalSubject, destroyLocalSubject, pendingChanges, updateLocalSubject } from '../../../../src/services/mirror/queries/subjects/subjects-local';
import { upsertPulledSubjects } from '../../../../src/services/mirror/queries/subjects/subjects-pull';
import { mergePulled, rebaseSubject, resolveConflict } from '../../../../src/services/mirror/queries/subjects/subjects-rebase';
import { subjectByLocalId, subjectByRemoteId } from '../../../../src/services/mirror/queries/subjects/subjects';
import { mirrorDir } from './mirror-fixture';
import { subjectRecord } from './subject-records';

const dirs = mirrorDir();

function pulledSubject(changes = {}) {
  const db = dirs.fresh();
  upsertPulledSubjects(db, [subjectRecord(1, changes, 500)]);
  return { db, localId: subjectByRemoteId(db, 1)!.localId };
}

describe('rebasing on the service’s version', () => {
  it('takes in the answer to a create: remote ids for subject and household, synced', () => {
    const db = dirs.fresh();
    const localId = createLocalSubject(db, { first_name: 'Ana', last_name: 'Lopez', email: 'ANA@example.com' }, { city: 'Berlin' });
    const sent = { ...pendingChanges(db, localId)!.fields, household_id: null, 'household.city': 'Berlin' };
    const answer = subjectRecord(77, { first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', head_of_household: false, preferred_language: null, date_of_birth: null, demographic_ids: [], lock_version: 0 }, 900);
    answer.household = { id: 900, address: null, city: 'Berlin', country: null, state: null, zip: null };
    expect(rebaseSubject(db, localId, answer, { sent, at: 5 })).toEqual({ state: 'synced', conflicts: [] });
    const subject = subjectByLocalId(db, localId)!;
    expect(subject).toMatchObject({ remoteId: 77, householdRemoteId: 900, state: 'synced', lockVersion: 0, pulled: null });
    expect(subject.fields.email).toBe('ana@example.com');
    expect(db.prepare('SELECT base FROM subjects WHERE local_id = ?').get(localId)).toEqual({ base: null });
    expect(householdByLocalId(db, subject.householdLocalId)).toMatchObject({ remoteId: 900, base: { city: 'Berlin' } });
  });

  it('keeps a change made while the push was under way, against the new base', () => {
    const { db, localId } = pulledSubject();
    updateLocalSubject(db, localId, { first_name: 'Sent' });
    const sent = { first_name: 'Sent' };
    updateLocalSubject(db, localId, { notes: 'typed later' });
    const answer = subjectRecord(1, { first_name: 'Sent', lock_version: 1 }, 500);
    expect(rebaseSubject(db, localId, answer, { sent })).toEqual({ state: 'updated', conflicts: [] });
    const subject = subjectByLocalId(db, localId)!;
    expect(subject.fields).toMatchObject({ first_name: 'Sent', notes: 'typed later' });
    expect(pendingChanges(db, localId)).toEqual({ fields: { notes: 'typed later' }, household: {}, movedTo: null, lockVersion: 1 });
  });

  it('merges a parked pull that changed other fields, keeping the person’s change to push', () => {
    const { db, localId } = pulledSubject();
    updateLocalSubject(db, localId, { first_name: 'Mine' });
    upsertPulledSubjects(db, [subjectRecord(1, { last_name: 'Theirs', lock_version: 2 }, 500)]);
    expect(mergePulled(db, localId)).toEqual({ state: 'updated', conflicts: [] });
    const subject = subjectByLocalId(db, localId)!;
    expect(subject.fields).toMatchObject({ first_name: 'Mine', last_name: 'Theirs' });
    expect(subject).toMatchObject({ lockVersion: 2, pulled: null });
    expect(pendingChanges(db, localId)?.fields).toEqual({ first_name: 'Mine' });
    expect(mergePulled(db, localId)).toBeNull();
  });

  it('reports a field both sides changed as a conflict and writes nothing but the parked version', () => {
    const { db, localId } = pulledSubject();
    updateLocalSubject(db, localId, { last_name: 'Mine', notes: 'n' });
    const theirs = subjectRecord(1, { last_name: 'Theirs', email: 'changed@example.com', lock_version: 1 }, 500);
    expect(rebaseSubject(db, localId, theirs)).toEqual({ state: 'conflict', conflicts: ['last_name'] });
    const subject = subjectByLocalId(db, localId)!;
    expect(subject).toMatchObject({ state: 'conflict', pulled: theirs, lockVersion: 0 });
    expect(subject.fields).toMatchObject({ last_name: 'Mine', email: 's1@example.com' });
    expect(() => resolveConflict(db, localId, {})).toThrow('Choose the local or the service\'s value for: last_name.');
  });

  it('resolves a conflict with the person’s choice: the service’s value leaves nothing to push', () => {
    const { db, localId } = pulledSubject();
    updateLocalSubject(db, localId, { last_name: 'Mine' });
    rebaseSubject(db, localId, subjectRecord(1, { last_name: 'Theirs', lock_version: 1 }, 500));
    expect(resolveConflict(db, localId, { last_name: 'remote' })).toEqual({ state: 'synced', conflicts: [] });
    expect(subjectByLocalId(db, localId)).toMatchObject({ state: 'synced', lockVersion: 1, fields: { last_name: 'Theirs' } });
    expect(() => resolveConflict(db, localId, { last_name: 'remote' })).toThrow(/has no conflict to resolve/);
  });

  it('resolves a conflict keeping the local value, which is then pushed against the new base', () => {
    const { db, localId } = pulledSubject();
    updateLocalSubject(db, localId, { last_name: 'Mine' });
    rebaseSubject(db, localId, subjectRecord(1, { last_name: 'Theirs', lock_version: 1 }, 500));
    expect(resolveConflict(db, localId, { last_name: 'local' })).toEqual({ state: 'updated', conflicts: [] });
    expect(pendingChanges(db, localId)).toMatchObject({ fields: { last_name: 'Mine' }, lockVersion: 1 });
  });

  it('merges household fields three ways too', () => {
    const { db, localId } = pulledSubject();
    updateLocalSubject(db, localId, { household: { zip: '11111' } });
    const theirs = subjectRecord(1, { lock_version: 1 }, 500);
    theirs.household = { ...theirs.household, city: 'Capital City' };
    expect(rebaseSubject(db, localId, theirs)).toEqual({ state: 'updated', conflicts: [] });
    const subject = subjectByLocalId(db, localId)!;
    expect(subject.household).toMatchObject({ zip: '11111', city: 'Capital City' });
    expect(pendingChanges(db, localId)?.household).toEqual({ zip: '11111' });
    theirs.household = { ...theirs.household, zip: '22222' };
    expect(rebaseSubject(db, localId, theirs).conflicts).toEqual(['household.zip']);
  });

  it('follows a move on the service when the person did not move the subject', () => {
    const { db, localId } = pulledSubject();
    updateLocalSubject(db, localId, { notes: 'x' });
    expect(rebaseSubject(db, localId, subjectRecord(1, { lock_version: 1 }, 700)).state).toBe('updated');
    expect(subjectByLocalId(db, localId)).toMatchObject({ householdRemoteId: 700, fields: { notes: 'x' } });
  });

  it('keeps a destroyed subject destroyed, with the newer base', () => {
    const { db, localId } = pulledSubject();
    destroyLocalSubject(db, localId);
    expect(rebaseSubject(db, localId, subjectRecord(1, { lock_version: 5 }, 500))).toEqual({ state: 'destroyed', conflicts: [] });
    expect(subjectByLocalId(db, localId)).toMatchObject({ state: 'destroyed', lockVersion: 5, base: { lock_version: 5 } });
  });
});
