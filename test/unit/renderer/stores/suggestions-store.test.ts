import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SuggestionItem, SuggestionList, WorkspaceRow } from '../../../../src/core/contract/app-api';
import { useWorkspaceStore } from '../../../../src/renderer/features/workspace/store';
import { useSuggestionsStore } from '../../../../src/renderer/features/workspace/suggestions-store';
import { draftSummary, workspaceRow } from '../../../support/contract-values';
import { fakeClient, refusal, settle, storesWith } from '../../../support/fake-client';

beforeAll(() => vi.stubGlobal('requestAnimationFrame', (paint: () => void) => setTimeout(paint, 0)));
afterAll(() => vi.unstubAllGlobals());

const mailed = (position: number, email: string): WorkspaceRow => {
  const row = workspaceRow(position);
  return { ...row, cells: { ...row.cells, email } };
};
const domainFix = (position: number, from: string, to: string): SuggestionItem => ({
  position, sheetRow: position + 1, field: 'email', kind: 'email-domain', from, to: [to], reason: { code: 'domain_slip', params: { domain: 'gmial.com', to: 'gmail.com' } }, sure: true, group: 'email-domain|email',
});
const listOf = (items: SuggestionItem[]): SuggestionList => ({
  groups: items.length ? [{ key: 'email-domain|email', kind: 'email-domain', field: 'email', count: items.length, sure: items.length }] : [],
  items,
  total: items.length,
  sure: items.length,
  rejected: 0,
});
/** Waits out the store's pause before it reads the list again after the rows changed. */
const settled = async () => {
  await settle();
  await new Promise((resolve) => setTimeout(resolve, 200));
  await settle();
};

describe('the suggestions store', () => {
  it('reads the draft’s suggestions once its rows are here, by group and by row', async () => {
    const fake = fakeClient({
      'drafts.page': async () => ({ draft: draftSummary({ rows: 2 }), matching: 2, rows: [mailed(0, 'ana@gmial.com'), mailed(1, 'bo@x.de')] }),
      'suggestions.list': async () => listOf([domainFix(0, 'ana@gmial.com', 'ana@gmail.com')]),
    });
    storesWith(fake.client);
    const workspace = useWorkspaceStore();
    const store = useSuggestionsStore();
    await workspace.load(7);
    await settled();
    expect(store.list?.total).toBe(1);
    expect(store.byRow.get(0)?.map((i) => i.to)).toEqual([['ana@gmail.com']]);
    expect(store.byGroup.get('email-domain|email')).toHaveLength(1);
    expect(fake.calls.filter((c) => c.method === 'suggestions.list')).toHaveLength(1);
  });

  it('applies a group as one call, shows its rows in the grid, and reads the list again once', async () => {
    let fixed = false;
    const fake = fakeClient({
      'drafts.page': async () => ({ draft: draftSummary({ rows: 2 }), matching: 2, rows: [mailed(0, 'ana@gmial.com'), mailed(1, 'bo@hotmial.com')] }),
      'suggestions.list': async () => listOf(fixed ? [] : [domainFix(0, 'ana@gmial.com', 'ana@gmail.com'), domainFix(1, 'bo@hotmial.com', 'bo@hotmail.com')]),
      'suggestions.applySure': async (_id, { group }) => {
        expect(group).toBe('email-domain|email');
        fixed = true;
        return { change: { draft: draftSummary({ rows: 2, canUndo: true }), rows: [mailed(0, 'ana@gmail.com'), mailed(1, 'bo@hotmail.com')] }, applied: 2 };
      },
    });
    storesWith(fake.client);
    const workspace = useWorkspaceStore();
    const store = useSuggestionsStore();
    await workspace.load(7);
    await settled();
    const before = fake.calls.filter((c) => c.method === 'suggestions.list').length;
    await store.applySure('email-domain|email');
    await settled();
    expect(workspace.rows.map((r) => r.cells.email)).toEqual(['ana@gmail.com', 'bo@hotmail.com']);
    expect(workspace.draft?.canUndo).toBe(true);
    expect(store.said).toEqual({ what: 'applied', n: 2 });
    expect(store.list?.total).toBe(0);
    expect(fake.calls.filter((c) => c.method === 'suggestions.list').length - before).toBe(1);
  });

  it('stops saying what it applied once the rows change after (an undo of it)', async () => {
    const fake = fakeClient({
      'drafts.page': async () => ({ draft: draftSummary({ rows: 1 }), matching: 1, rows: [mailed(0, 'ana@gmial.com')] }),
      'suggestions.list': async () => listOf([domainFix(0, 'ana@gmial.com', 'ana@gmail.com')]),
      'suggestions.applySure': async () => ({ change: { draft: draftSummary({ rows: 1, canUndo: true }), rows: [mailed(0, 'ana@gmail.com')] }, applied: 1 }),
      'drafts.undo': async () => ({ draft: draftSummary({ rows: 1, canRedo: true }), rows: [mailed(0, 'ana@gmial.com')] }),
    });
    storesWith(fake.client);
    const workspace = useWorkspaceStore();
    const store = useSuggestionsStore();
    await workspace.load(7);
    await settled();
    await store.applySure();
    await settled();
    expect(store.said).toEqual({ what: 'applied', n: 1 });
    await workspace.undo();
    await settled();
    expect(workspace.rows[0].cells.email).toBe('ana@gmial.com');
    expect(store.said).toBeNull();
  });

  it('sends a choice with the answer chosen, and a rejection with the value it was for', async () => {
    const choice: SuggestionItem = { position: 0, sheetRow: 1, field: 'locale', kind: 'locale-region', from: 'de_XX', to: ['de_DE', 'de_AT'], reason: { code: 'locale_hint', params: { text: 'de_XX', either: ['de_DE', 'de_AT'] } }, sure: false, group: 'locale-region|locale' };
    const fake = fakeClient({
      'drafts.page': async () => ({ draft: draftSummary({ rows: 1 }), matching: 1, rows: [workspaceRow(0)] }),
      'suggestions.list': async () => ({ groups: [{ key: choice.group, kind: choice.kind, field: 'locale', count: 1, sure: 0 }], items: [choice], total: 1, sure: 0, rejected: 0 }),
      'suggestions.apply': async () => ({ change: { draft: draftSummary({ rows: 1, canUndo: true }), rows: [workspaceRow(0)] }, applied: 1 }),
      'suggestions.reject': async (_id, rejects) => ({ rejected: rejects.length }),
    });
    storesWith(fake.client);
    const workspace = useWorkspaceStore();
    const store = useSuggestionsStore();
    await workspace.load(7);
    await settled();
    await store.apply([{ item: choice, to: 'de_AT' }]);
    expect(fake.calls.find((c) => c.method === 'suggestions.apply')?.args[1]).toEqual([{ position: 0, field: 'locale', kind: 'locale-region', to: 'de_AT' }]);
    await store.reject([choice]);
    expect(fake.calls.find((c) => c.method === 'suggestions.reject')?.args[1]).toEqual([{ position: 0, field: 'locale', kind: 'locale-region', from: 'de_XX' }]);
    expect(store.said).toEqual({ what: 'rejected', n: 1 });
  });

  it('says in words why a fix was refused, and keeps the rows as they were', async () => {
    const fake = fakeClient({
      'drafts.page': async () => ({ draft: draftSummary({ rows: 1 }), matching: 1, rows: [mailed(0, 'ana@gmial.com')] }),
      'suggestions.list': async () => listOf([domainFix(0, 'ana@gmial.com', 'ana@gmail.com')]),
      'suggestions.apply': () => refusal('This suggestion no longer fits its row (the value changed since); the list of suggestions has been read again.', 'bad_input'),
    });
    storesWith(fake.client);
    const workspace = useWorkspaceStore();
    const store = useSuggestionsStore();
    await workspace.load(7);
    await settled();
    await store.apply([{ item: store.list!.items[0] }]);
    expect(store.error).toMatch(/no longer fits its row/);
    expect(workspace.rows[0].cells.email).toBe('ana@gmial.com');
    expect(store.busy).toBe(false);
  });
});

describe('the suggestions store, first asked for once the rows are shown', () => {
  it('keeps its fixes open to the keys while it reads the list again after an edit', async () => {
    let answer: (list: SuggestionList) => void = () => undefined;
    let reads = 0;
    const fake = fakeClient({
      'drafts.page': async () => ({ draft: draftSummary({ rows: 2 }), matching: 2, rows: [mailed(0, 'ana@gmial.com'), mailed(1, 'bo@x.de')] }),
      'drafts.edit': async (_id, edits) => ({ draft: draftSummary({ rows: 2, canUndo: true }), rows: edits.map((e) => mailed(e.position, e.value)) }),
      'suggestions.list': () => (++reads === 1 ? Promise.resolve(listOf([domainFix(0, 'ana@gmial.com', 'ana@gmail.com')])) : new Promise<SuggestionList>((resolve) => (answer = resolve))),
    });
    storesWith(fake.client);
    const workspace = useWorkspaceStore();
    const store = useSuggestionsStore();
    await workspace.load(7);
    await settled();
    await workspace.edit([{ position: 1, field: 'email', value: 'bo@y.de' }]);
    await settled();
    // The second reading is under way: a button disabled now would lose the focus it has.
    expect(reads).toBe(2);
    expect(store.busy).toBe(false);
    answer(listOf([domainFix(0, 'ana@gmial.com', 'ana@gmail.com')]));
    await settle();
    expect(store.list?.total).toBe(1);
  });

  it('reads the suggestions of rows that arrived before it', async () => {
    const fake = fakeClient({
      'drafts.page': async () => ({ draft: draftSummary({ rows: 1 }), matching: 1, rows: [mailed(0, 'ana@gmial.com')] }),
      'suggestions.list': async () => listOf([domainFix(0, 'ana@gmial.com', 'ana@gmail.com')]),
    });
    storesWith(fake.client);
    await useWorkspaceStore().load(7);
    await settled();
    const store = useSuggestionsStore();
    await settled();
    expect(store.list?.total).toBe(1);
  });
});

describe('the suggestions store on a long list', () => {
  it('reads a long list’s suggestions again only after a pause in typing, not between two cells', async () => {
    const many = Array.from({ length: 10_001 }, (_, i) => workspaceRow(i));
    const fake = fakeClient({
      'drafts.page': async () => ({ draft: draftSummary({ rows: many.length }), matching: many.length, rows: many }),
      'drafts.edit': async (_id, edits) => ({ draft: draftSummary({ rows: many.length, canUndo: true }), rows: edits.map((e) => mailed(e.position, e.value)) }),
      'suggestions.list': async () => listOf([]),
    });
    storesWith(fake.client);
    const workspace = useWorkspaceStore();
    useSuggestionsStore();
    await workspace.load(7);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    await settle();
    const reads = () => fake.calls.filter((c) => c.method === 'suggestions.list').length;
    const first = reads();
    expect(first).toBe(1);
    // Two cells typed 400 ms apart: no read between them.
    await workspace.edit([{ position: 1, field: 'email', value: 'a@example.com' }]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await workspace.edit([{ position: 2, field: 'email', value: 'b@example.com' }]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(reads()).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    await settle();
    expect(reads()).toBe(first + 1);
  }, 15_000);
});
