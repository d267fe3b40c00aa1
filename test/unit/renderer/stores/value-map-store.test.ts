import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ValueMap, WorkspaceRow } from '../../../../src/core/contract/app-api';
import { useWorkspaceStore } from '../../../../src/renderer/features/workspace/store';
import { useValueMapStore } from '../../../../src/renderer/features/workspace/value-map-store';
import { draftSummary, workspaceRow } from '../../../support/contract-values';
import { fakeClient, refusal, storesWith } from '../../../support/fake-client';

beforeAll(() => vi.stubGlobal('requestAnimationFrame', (paint: () => void) => setTimeout(paint, 0)));
afterAll(() => vi.unstubAllGlobals());

const value = (v: string, over: Partial<ValueMap['categories'][number]['values'][number]> = {}) => ({ value: v, count: 1, known: false, suggestion: null, remembered: null, ...over });
const MAP: ValueMap = {
  externalEventId: 4711,
  catalogLearnedAt: 1_700_000_000_000,
  categories: [
    {
      name: 'Gender',
      inCatalog: true,
      catalogValues: ['Female', 'Male'],
      values: [value('Weiblich', { count: 2, suggestion: { to: 'Female', how: 'word' } }), value('x'), value('Female', { known: true })],
    },
    { name: 'Age Group', inCatalog: true, catalogValues: ['18-24', '25-34', '35-44'], values: [value('30-40', { remembered: { choice: 'clear', target: null } })] },
  ],
};
const demographics = (position: number, text: string): WorkspaceRow => {
  const row = workspaceRow(position);
  return { ...row, cells: { ...row.cells, demographics: text } };
};

describe('the value map store', () => {
  it('starts each value with its remembered choice, else its one sure match, and never decides one that needs a guess', async () => {
    const { client } = fakeClient({ 'values.map': async () => MAP });
    storesWith(client);
    const store = useValueMapStore();
    await store.load(7);
    expect(store.pickOf('Gender', 'Weiblich')).toEqual({ choice: 'map', target: 'Female' });
    expect(store.pickOf('Gender', 'x')).toBeNull();
    expect(store.pickOf('Age Group', '30-40')).toEqual({ choice: 'clear' });
    expect(store.undecided).toBe(1);
    expect(store.choices).toEqual([
      { category: 'Gender', value: 'Weiblich', choice: 'map', target: 'Female' },
      { category: 'Age Group', value: '30-40', choice: 'clear' },
    ]);
  });

  it('sends the person’s choices as one apply, hands the changed rows to the grid and reads the values again', async () => {
    const fake = fakeClient({
      'drafts.page': async () => ({ draft: draftSummary({ rows: 2 }), matching: 2, rows: [demographics(0, 'Gender: Weiblich'), demographics(1, 'Gender: x')] }),
      'values.map': async () => MAP,
      'values.apply': async () => ({ change: { draft: draftSummary({ rows: 2, canUndo: true }), rows: [demographics(0, 'Gender: Female'), demographics(1, 'Gender: x')] }, rowsChanged: 1, remembered: 3 }),
    });
    storesWith(fake.client);
    const workspace = useWorkspaceStore();
    await workspace.load(7);
    const store = useValueMapStore();
    await store.load(7);
    store.pick('Gender', 'x', { choice: 'create' });
    await store.apply();
    const applied = fake.calls.find((c) => c.method === 'values.apply');
    expect(applied?.args).toEqual([7, [
      { category: 'Gender', value: 'Weiblich', choice: 'map', target: 'Female' },
      { category: 'Gender', value: 'x', choice: 'create' },
      { category: 'Age Group', value: '30-40', choice: 'clear' },
    ]]);
    expect(workspace.rows.map((r) => r.cells.demographics)).toEqual(['Gender: Female', 'Gender: x']);
    expect(workspace.draft?.canUndo).toBe(true);
    expect(store.last).toMatchObject({ rowsChanged: 1, remembered: 3 });
    expect(fake.calls.filter((c) => c.method === 'values.map')).toHaveLength(2);
  });

  it('says in words why the choices were refused', async () => {
    const { client } = fakeClient({ 'values.map': async () => MAP, 'values.apply': () => refusal('“Mann” is not one of the event\'s Gender values.', 'bad_input') });
    storesWith(client);
    const store = useValueMapStore();
    await store.load(7);
    await store.apply();
    expect(store.error).toBe('“Mann” is not one of the event\'s Gender values.');
    expect(store.busy).toBe(false);
  });
});
