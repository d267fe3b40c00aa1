import { describe, expect, it } from 'vitest';
import type { AppApiResult } from '../../../../src/core/contract/app-api';
import { useSubjectSearchStore } from '../../../../src/renderer/features/subjects/search-store';
import { subjectRow } from '../../../support/contract-values';
import { fakeClient, refusal, storesWith } from '../../../support/fake-client';

const found = (ids: number[], total = ids.length): AppApiResult<'subjects.search'> => ({
  rows: ids.map((id) => subjectRow(id)),
  total,
  totalIsAtLeast: false,
  page: 1,
  per: 50,
  dataAsOf: 1,
  campaigns: [],
});

describe('the subject search store', () => {
  it('is loading while a search runs, then shows what it found', async () => {
    const { client } = fakeClient({ 'subjects.search': async () => found([1, 2]) });
    storesWith(client);
    const store = useSubjectSearchStore();
    const searching = store.search();
    expect(store.loading).toBe(true);
    await searching;
    expect(store).toMatchObject({ loading: false, error: '', total: 2 });
    expect(store.rows.map((r) => r.localId)).toEqual([1, 2]);
  });

  it('says in words why a search failed, without the rows of an earlier one', async () => {
    let answer = async () => found([1]);
    const { client } = fakeClient({ 'subjects.search': () => answer() });
    storesWith(client);
    const store = useSubjectSearchStore();
    await store.search();
    answer = () => refusal('The filter’s dates are the wrong way round.', 'validation_failed');
    await store.search();
    expect(store.error).toBe('The filter’s dates are the wrong way round.');
    expect(store.rows).toEqual([]);
    expect(store.loading).toBe(false);
  });

  it('drops an answer that arrives after a newer question', async () => {
    const answers: ((value: AppApiResult<'subjects.search'>) => void)[] = [];
    const { client } = fakeClient({ 'subjects.search': () => new Promise((resolve) => answers.push(resolve)) });
    storesWith(client);
    const store = useSubjectSearchStore();
    store.term = 'Ad';
    const first = store.search();
    store.term = 'Ada';
    const second = store.search();
    await new Promise((r) => setTimeout(r, 0));
    answers[1](found([2]));
    await second;
    answers[0](found([1, 3, 5]));
    await first;
    expect(store.rows.map((r) => r.localId)).toEqual([2]);
  });
});

describe('the subject search store’s filters as typed', () => {
  const searching = () => {
    const fake = fakeClient({ 'subjects.search': async () => found([1, 2, 3]) });
    storesWith(fake.client);
    return { store: useSubjectSearchStore(), searches: () => fake.calls.filter((c) => c.method === 'subjects.search').length };
  };

  it('keeps the last results and searches nothing while the ages are the wrong way round', async () => {
    const { store, searches } = searching();
    await store.search();
    store.filters.minAge = '60';
    store.filters.maxAge = '20';
    await store.search();
    expect(store.problems).toEqual({ maxAge: 'ageOrder' });
    expect(searches()).toBe(1);
    expect(store.rows.map((r) => r.localId)).toEqual([1, 2, 3]);
    expect(store.stale).toBe(true);
    expect(store.error).toBe('');
    store.filters.maxAge = '70';
    await store.search();
    expect(store.problems).toEqual({});
    expect(searches()).toBe(2);
    expect(store.stale).toBe(false);
  });

  it('takes only whole numbers of years as ages, and says so for anything else', async () => {
    const { store, searches } = searching();
    await store.search();
    for (const typed of ['abc', '18.5', '-3', '999']) {
      store.filters.minAge = typed;
      await store.search();
      expect(store.problems, typed).toEqual({ minAge: 'age' });
    }
    expect(searches()).toBe(1);
    store.filters.minAge = ' 18 ';
    await store.search();
    expect(store.problems).toEqual({});
    expect(searches()).toBe(2);
  });

  it('says when the dates added are the wrong way round, or the numbers are not numbers', async () => {
    const { store, searches } = searching();
    store.filters.createdAfter = '2024-05-01';
    store.filters.createdBefore = '2024-04-01';
    store.filters.demographicIds = '1, six';
    await store.search();
    expect(store.problems).toEqual({ createdBefore: 'dateOrder', demographicIds: 'ids' });
    expect(searches()).toBe(0);
    expect(store.stale).toBe(false);
  });
});
