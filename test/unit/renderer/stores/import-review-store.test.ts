import { describe, expect, it } from 'vitest';
import type { ImportChangeResult, ImportReview } from '../../../../src/core/contract/app-api';
import { DEFAULT_IMPORT_FLAGS } from '../../../../src/core/contract/import-flags';
import { parseParticipants } from '../../../../src/core/participants/parser';
import { useImportReviewStore } from '../../../../src/renderer/features/imports/store';
import { fakeClient, storesWith } from '../../../support/fake-client';

// The parse as the shared parser makes it: the same rules the service's parser follows.
const parsed = parseParticipants([
  { external_id: 'a1', name: 'Ann', email: 'ann@example.com', locale: 'en_US' },
  { external_id: 'b1', name: 'Ben', email: 'ben(at)example', locale: 'en_US' },
  { external_id: 'c1', name: 'Cid', email: 'cid@example.com', locale: 'xx' },
  { external_id: 'a1', name: 'Ann', email: 'ann@example.com', locale: 'en_US' },
]);

const review = (id: number, over: Partial<ImportReview> = {}): ImportReview => ({
  id,
  externalEventId: 4711,
  createdAt: '2026-11-26T10:00:00.000Z',
  createdByType: 'OauthApplication',
  participants: parsed.length,
  fileName: null,
  fromDraft: false,
  sheetRows: null,
  parsed,
  parsedAt: 1_700_000_000_000,
  seenAt: 1_700_000_000_000,
  actions: [],
  acting: false,
  destroying: false,
  offline: null,
  ...over,
});

describe('the import review store', () => {
  it('shows the parse as rows with their problem groups, and filters them to problems or one group', async () => {
    const { client } = fakeClient({ 'imports.show': async (id) => review(id) });
    storesWith(client);
    const store = useImportReviewStore();
    await store.load(7);
    expect(store.shown.map((r) => r.position)).toEqual(parsed.map((p) => p.row_number));
    const withProblems = parsed.filter((p) => p.invalid_fields.length > 0 || p.duplicate_of_row !== null).map((p) => p.row_number);
    store.filter = 'problems';
    expect(store.shown.map((r) => r.position)).toEqual(withProblems);
    const group = store.parsed.groups.find((g) => g.kind === 'email_invalid')!;
    expect(group.rows).toBe(parsed.filter((p) => p.invalid_fields.includes('email')).length);
    store.filter = group;
    expect(store.shown.every((r) => r.invalid.includes('email'))).toBe(true);
  });

  it('numbers the rows of an import sent from a draft here by their spreadsheet rows, in its problems too', async () => {
    const { client } = fakeClient({ 'imports.show': async (id) => (id === 7 ? review(id, { fromDraft: true, sheetRows: [5, 6, null, 8] }) : review(id)) });
    storesWith(client);
    const store = useImportReviewStore();
    await store.load(7);
    expect(store.shown.map((r) => r.sourceRow)).toEqual([5, 6, null, 8]);
    // The fourth participant repeats the first, which is row 5 of the sheet.
    expect(store.shown[3].problems).toContainEqual({ kind: 'repeats', row: 5 });
    await store.load(8);
    expect(store.shown.map((r) => r.sourceRow)).toEqual([1, 2, 3, 4]);
  });

  it('shows the import an action answers, and says when a destroy has removed it', async () => {
    const acted = review(7, { actions: [{ id: 3, status: 'completed', processed: 4, total: 4, flags: { ...DEFAULT_IMPORT_FLAGS, skip_invalid: true }, result: null, error: null, createdAt: '2026-11-26T10:01:00.000Z', finishedAt: '2026-11-26T10:01:02.000Z' }] });
    const gone: ImportChangeResult = { end: 'settled', refused: null, waiting: null, review: null };
    const { client, calls } = fakeClient({
      'imports.show': async (id) => review(id),
      'imports.act': async () => ({ end: 'settled', refused: null, waiting: null, review: acted }),
      'imports.destroy': async () => gone,
    });
    storesWith(client);
    const store = useImportReviewStore();
    await store.load(7);
    store.setProgress(2, 4);
    await store.acting.run(7, { ...DEFAULT_IMPORT_FLAGS, skip_invalid: true });
    expect(calls.find((c) => c.method === 'imports.act')?.args).toEqual([7, { ...DEFAULT_IMPORT_FLAGS, skip_invalid: true }]);
    expect(store.review?.actions.map((a) => a.id)).toEqual([3]);
    expect(store.progress).toBeNull();
    await store.destroying.run(7);
    expect(store.destroyed).toBe(true);
    expect(store.review?.id).toBe(7);
  });

  it('starts afresh for another import: no filter or answer of the last one', async () => {
    const { client } = fakeClient({ 'imports.show': async (id) => review(id), 'imports.destroy': async () => ({ end: 'stalled', refused: null, waiting: 'Could not connect.', review: review(7, { destroying: true }) }) });
    storesWith(client);
    const store = useImportReviewStore();
    await store.load(7);
    store.filter = 'problems';
    await store.destroying.run(7);
    expect(store.review?.destroying).toBe(true);
    await store.load(8);
    expect([store.filter, store.destroying.result, store.review?.id, store.destroyed]).toEqual(['all', null, 8, false]);
  });
});
