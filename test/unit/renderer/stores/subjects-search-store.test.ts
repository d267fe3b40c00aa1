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
