import { describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import type { SubjectDetail } from '../../../../src/core/contract/app-api';
import { withDemographic } from '../../../../src/renderer/features/subjects/form';
import { useOpenSubjectStore } from '../../../../src/renderer/features/subjects/open-subject-store';
import { subjectDetail, subjectRow } from '../../../support/contract-values';
import { fakeClient, refusal, storesWith } from '../../../support/fake-client';

describe('the open subject’s store', () => {
  it('opens a subject, and says in words when it cannot be read', async () => {
    let answer: () => Promise<SubjectDetail> = () => refusal('There is no subject 4 on this computer.', 'not_found');
    const { client } = fakeClient({ 'subjects.get': (id) => (id === 4 ? answer() : Promise.resolve(subjectDetail(id, 1))) });
    storesWith(client);
    const store = useOpenSubjectStore();
    await store.load(4);
    expect(store).toMatchObject({ busy: false, error: 'There is no subject 4 on this computer.', subject: null });
    answer = async () => subjectDetail(4, 1);
    await store.load(4);
    expect(store.error).toBe('');
    expect(store.subject?.localId).toBe(4);
  });

  it('finds members of other households, leaving out the subject itself', async () => {
    const fake = fakeClient({
      'subjects.get': async (id) => subjectDetail(id, 1),
      'subjects.search': async () => ({ rows: [subjectRow(4), subjectRow(8)], total: 2, totalIsAtLeast: false, page: 1, per: 8, dataAsOf: null, campaigns: [] }),
    });
    storesWith(fake.client);
    const store = useOpenSubjectStore();
    await store.load(4);
    expect((await store.findHouseholdMembers('  Lovelace ')).map((r) => r.localId)).toEqual([8]);
    expect(fake.calls.at(-1)?.args).toEqual([{ search_term: 'Lovelace', per: 8, order_by: 'last_name' }]);
  });

  it('joins another household on save, but not the one the subject is in', async () => {
    const { client } = fakeClient({ 'subjects.get': async (id) => subjectDetail(id, id === 8 ? 2 : 1) });
    storesWith(client);
    const store = useOpenSubjectStore();
    await store.load(4);
    expect(await store.joinHouseholdOf(subjectRow(5), 1)).toBe(false);
    expect(store.joining).toBeNull();
    expect(await store.joinHouseholdOf(subjectRow(8), 1)).toBe(true);
    expect(store.joining).toMatchObject({ localId: 2, address: 'Hauptstr. 1, 10115, Berlin' });
    expect(store.unsaved).toBe(true);
  });

  it('checks a field said to be wrong again as it changes, not only at the next save', async () => {
    const { client } = fakeClient({
      'subjects.get': async (id) => subjectDetail(id, 1),
      'subjects.save': async () => ({
        saved: false,
        problems: [
          { field: 'email', kind: 'email', limit: null, message: 'must be a valid e-mail address' },
          { field: 'date_of_birth', kind: 'date', limit: null, message: 'must be a date written YYYY-MM-DD or YYYYMMDD' },
        ],
      }),
    });
    storesWith(client);
    const store = useOpenSubjectStore();
    await store.load(4);
    store.form.text.email = 'ada@';
    store.form.text.date_of_birth = '1989-0';
    await store.save();
    expect(Object.keys(store.problems).sort()).toEqual(['date_of_birth', 'email']);
    expect(store.outcome).toBe('problems');

    store.form.text.email = 'ada@example.com';
    await nextTick();
    expect(Object.keys(store.problems)).toEqual(['date_of_birth']);
    store.form.text.date_of_birth = '1989-02-3';
    await nextTick();
    expect(store.problems.date_of_birth?.kind).toBe('date');
    store.form.text.date_of_birth = '1789-02-03';
    await nextTick();
    expect(store.problems.date_of_birth?.kind).toBe('birth_range');
    expect(store.outcome).toBe('problems');
    store.form.text.date_of_birth = '1989-02-03';
    await nextTick();
    expect(store.problems).toEqual({});
    expect(store.outcome).toBe('');
  });

  it('reads the demographics known by name with each subject, and none when the main side cannot say', async () => {
    const known = [
      { id: 1, name: 'Gender', exclusive: true, demographics: [{ id: 11, name: 'Female' }, { id: 12, name: 'Male' }] },
      { id: 2, name: 'Diet', exclusive: false, demographics: [{ id: 21, name: 'Vegan' }, { id: 22, name: 'Keto' }] },
    ];
    let answer = async () => known;
    const { client } = fakeClient({ 'subjects.get': async (id) => subjectDetail(id, 1), 'subjects.demographics': () => answer() });
    storesWith(client);
    const store = useOpenSubjectStore();
    await store.load(4);
    expect(store.catalog).toEqual(known);
    // One of a category that holds only one replaces the other; any other adds to them.
    expect(withDemographic([12, 21], 11, known)).toEqual([11, 21]);
    expect(withDemographic([12, 21], 22, known)).toEqual([12, 21, 22]);
    expect(withDemographic([5], 22, [])).toEqual([5, 22]);
    answer = () => refusal('The mirror could not be read.', 'unexpected');
    await store.load(5);
    expect(store.catalog).toEqual([]);
  });
});
