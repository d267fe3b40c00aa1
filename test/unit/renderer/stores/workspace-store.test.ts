import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkspaceRow } from '../../../../src/core/contract/app-api';
import { useWorkspaceStore } from '../../../../src/renderer/features/workspace/store';
import { draftSummary, workspaceRow } from '../../../support/contract-values';
import { fakeClient, refusal, settle, storesWith } from '../../../support/fake-client';

// The store waits for painted frames; Node has no frames, so each one is the next task.
beforeAll(() => vi.stubGlobal('requestAnimationFrame', (paint: () => void) => setTimeout(paint, 0)));
afterAll(() => vi.unstubAllGlobals());

const named = (position: number, name: string): WorkspaceRow => {
  const row = workspaceRow(position);
  return { ...row, cells: { ...row.cells, name: name } };
};

describe('the workspace store', () => {
  it('shows the draft’s rows and replaces the row an edit answers', async () => {
    const fake = fakeClient({
      'drafts.page': async () => ({ draft: draftSummary({ rows: 2 }), matching: 2, rows: [named(0, 'Ada'), named(1, 'Bob')] }),
      'drafts.edit': async (_id, edits) => ({ draft: draftSummary({ rows: 2, canUndo: true }), rows: [named(edits[0].position, edits[0].value)] }),
    });
    storesWith(fake.client);
    const store = useWorkspaceStore();
    await store.load(7);
    expect(store).toMatchObject({ busy: false, error: '', editable: true, changeable: true });
    const editing = store.edit([{ position: 1, field: 'name', value: 'Bea' }]);
    expect(store.busy).toBe(true);
    await editing;
    expect(store.rows.map((r) => r.cells.name)).toEqual(['Ada', 'Bea']);
    expect(store.draft?.canUndo).toBe(true);
    expect(store.busy).toBe(false);
  });

  it('says in words why an edit was refused, and keeps the rows as they were', async () => {
    const { client } = fakeClient({
      'drafts.page': async () => ({ draft: draftSummary({ rows: 1 }), matching: 1, rows: [named(0, 'Ada')] }),
      'drafts.edit': () => refusal('The draft is being pushed; it cannot be changed now.', 'conflict'),
    });
    storesWith(client);
    const store = useWorkspaceStore();
    await store.load(7);
    await store.edit([{ position: 0, field: 'name', value: 'Eve' }]);
    expect(store.error).toBe('The draft is being pushed; it cannot be changed now.');
    expect(store.rows[0].cells.name).toBe('Ada');
    expect(store.busy).toBe(false);
  });

  it('paints a long list from its first rows and is read-only until the rest arrived', async () => {
    const all = [named(0, 'Ada'), named(1, 'Bob'), named(2, 'Cy')];
    const fake = fakeClient({
      'drafts.page': async (_id, range) => {
        const from = range.offset ?? 0;
        return { draft: draftSummary({ rows: 3 }), matching: 3, rows: from === 0 ? all.slice(0, 2) : all.slice(from) };
      },
    });
    storesWith(fake.client);
    const store = useWorkspaceStore();
    await store.load(7);
    expect(store.arriving).toEqual({ done: 2, total: 3 });
    expect(store.changeable).toBe(false);
    store.gridShown();
    await vi.waitFor(() => expect(store.arriving).toBeNull());
    await settle();
    expect(store.rows.map((r) => r.cells.name)).toEqual(['Ada', 'Bob', 'Cy']);
    expect(store.changeable).toBe(true);
  });
  it('shows nothing of the list open before while another one is read, and keeps a list read again', async () => {
    let answer: (() => void) | null = null;
    const fake = fakeClient({
      'drafts.page': async (id) => {
        if (id === 8) await new Promise<void>((resolve) => (answer = resolve));
        return { draft: draftSummary({ id, name: `list ${id}`, rows: 1 }), matching: 1, rows: [named(0, id === 7 ? 'Ada' : 'Bob')] };
      },
    });
    storesWith(fake.client);
    const store = useWorkspaceStore();
    await store.load(7);
    // The same list read again (its push moved it on) stays on screen meanwhile.
    const again = store.load(7);
    expect(store.draft?.name).toBe('list 7');
    await again;
    const next = store.load(8);
    await vi.waitFor(() => expect(answer).not.toBeNull());
    expect(store.draft).toBeNull();
    expect(store.rows).toEqual([]);
    answer!();
    await next;
    expect(store.draft?.name).toBe('list 8');
    expect(store.rows.map((r) => r.cells.name)).toEqual(['Bob']);
  });

  it('lets no late answer about the list left land in the one being opened', async () => {
    let answerAdd: (() => void) | null = null;
    let answerPage: (() => void) | null = null;
    const fake = fakeClient({
      'drafts.page': async (id) => {
        if (id === 8) await new Promise<void>((resolve) => (answerPage = resolve));
        return { draft: draftSummary({ id, name: `list ${id}`, rows: 1 }), matching: 1, rows: [named(0, id === 7 ? 'Ada' : 'Bob')] };
      },
      // Rows added to list 7: an answer with every row, which would replace the list shown.
      'drafts.addRows': async () => {
        await new Promise<void>((resolve) => (answerAdd = resolve));
        return { draft: draftSummary({ id: 7, name: 'list 7', rows: 2 }), rows: [named(0, 'Ada'), named(1, '')] };
      },
    });
    storesWith(fake.client);
    const store = useWorkspaceStore();
    await store.load(7);
    const adding = store.addRow();
    await vi.waitFor(() => expect(answerAdd).not.toBeNull());
    const opening = store.load(8);
    await vi.waitFor(() => expect(answerPage).not.toBeNull());
    // List 7's answer comes while list 8 is still being read.
    answerAdd!();
    await adding;
    expect(store.draft).toBeNull();
    answerPage!();
    await opening;
    expect(store.draft?.name).toBe('list 8');
    expect(store.rows.map((r) => r.cells.name)).toEqual(['Bob']);
  });
});
