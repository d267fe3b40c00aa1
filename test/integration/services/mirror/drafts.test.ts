import { describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_FLAGS } from '../../../../src/core/contract/imports';
import type { ColumnMapping } from '../../../../src/core/intake/types';
import { countDraftRows, draftParticipants, draftRowAt, draftRows, insertDraftRows, nextPosition } from '../../../../src/services/mirror/queries/drafts/draft-rows';
import { applyEdit, editHistory } from '../../../../src/services/mirror/queries/drafts/draft-edits';
import { createDraft, deleteDraft, draftById, draftsOfSource, DraftError, listDrafts, renameDraft, resetDraftRows, setDraftFlags, setDraftState } from '../../../../src/services/mirror/queries/drafts/drafts';
import { eventByExternalId } from '../../../../src/services/mirror/queries/imports/events';
import { mirrorDir } from './mirror-fixture';

const dirs = mirrorDir();
const source = { name: 'panel.xlsx', size: 2048, hash: 'ab12' };
const mapping: ColumnMapping = { signature: 'sig', columns: [{ index: 0, header: 'E-mail', target: 'email', confidence: 1, reason: { code: 'chosen' } }] };
const rows = (n: number, from = 2) => Array.from({ length: n }, (_, i) => ({ source_row: from + i, participant: { name: `P ${i}`, email: `p${i}@example.com`, external_id: 4567 + i } }));

describe('drafts', () => {
  it('creates a draft with its rows in one go, defaults for the flags it was not given', () => {
    const db = dirs.fresh();
    const draft = createDraft(db, { externalEventId: 77, source, sheetName: 'Sheet1', headerRow: 3, mapping, flags: { skip_invalid: true } }, rows(3), 1000);
    expect(draft).toEqual({
      id: 1,
      name: 'panel.xlsx',
      externalEventId: 77,
      source,
      sheetName: 'Sheet1',
      headerRow: 3,
      mapping,
      flags: { ...DEFAULT_IMPORT_FLAGS, skip_invalid: true },
      state: 'editing',
      createdAt: 1000,
      updatedAt: 1000,
    });
    expect(eventByExternalId(db, 77)).not.toBeNull();
    expect(draftRows(db, draft.id)).toEqual(rows(3).map((r, position) => ({ ...r, position })));
    expect(draftParticipants(db, draft.id)[0]).toEqual({ name: 'P 0', email: 'p0@example.com', external_id: 4567 });
  });

  it('leaves nothing behind when a row cannot be stored', () => {
    const db = dirs.fresh();
    const bad = [...rows(2), { source_row: 9, participant: undefined as never }];
    expect(() => createDraft(db, { externalEventId: 77, source }, bad)).toThrow();
    expect(listDrafts(db)).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM draft_rows').get()).toEqual({ n: 0 });
  });

  it('bulk-inserts, pages and counts rows in grid order', () => {
    const db = dirs.fresh();
    const draft = createDraft(db, { externalEventId: 1, source }, rows(1000));
    expect(countDraftRows(db, draft.id)).toBe(1000);
    expect(nextPosition(db, draft.id)).toBe(1000);
    expect(insertDraftRows(db, draft.id, rows(2, 5000))).toEqual([1000, 1001]);
    expect(draftRows(db, draft.id, { offset: 999, limit: 2 }).map((r) => [r.position, r.source_row])).toEqual([
      [999, 1001],
      [1000, 5000],
    ]);
    expect(draftRowAt(db, draft.id, 5)?.participant.name).toBe('P 5');
    expect(draftRowAt(db, draft.id, 5000)).toBeNull();
  });

  it('replaces the rows and forgets the history when the sheet is read again', () => {
    const db = dirs.fresh();
    const draft = createDraft(db, { externalEventId: 1, source }, rows(3));
    applyEdit(db, draft.id, 'cell', [{ position: 0, after: { source_row: 2, participant: { name: 'Fixed' } } }]);
    const again = resetDraftRows(db, draft.id, { sheetName: 'Other', headerRow: 1, mapping: null }, rows(1, 10), 50);
    expect(again).toMatchObject({ sheetName: 'Other', headerRow: 1, mapping: null, updatedAt: 50 });
    expect(draftRows(db, draft.id).map((r) => r.source_row)).toEqual([10]);
    expect(editHistory(db, draft.id)).toEqual([]);
  });

  it('changes flags and compares-and-sets the state', () => {
    const db = dirs.fresh();
    const draft = createDraft(db, { externalEventId: 1, source });
    expect(setDraftFlags(db, draft.id, { only_demographics: true }).flags).toEqual({ ...DEFAULT_IMPORT_FLAGS, only_demographics: true });
    expect(setDraftState(db, draft.id, 'ready', { from: ['editing'] })).toBe(true);
    expect(setDraftState(db, draft.id, 'pushing', { from: ['editing'] })).toBe(false);
    expect(setDraftState(db, draft.id, 'pushing', { from: ['ready'], at: 9 })).toBe(true);
    expect(draftById(db, draft.id)).toMatchObject({ state: 'pushing', updatedAt: 9 });
    expect(() => setDraftState(db, draft.id, 'lost' as never)).toThrow(/not a draft state/);
  });

  it('refuses changes to a draft that is being pushed or was pushed, with a sentence', () => {
    const db = dirs.fresh();
    const draft = createDraft(db, { externalEventId: 1, source }, rows(1));
    setDraftState(db, draft.id, 'pushing');
    expect(() => setDraftFlags(db, draft.id, { skip_invalid: true })).toThrow(DraftError);
    expect(() => applyEdit(db, draft.id, 'cell', [{ position: 0, after: null }])).toThrow('Draft 1 (panel.xlsx) is being pushed and can no longer be changed.');
    expect(() => deleteDraft(db, draft.id)).toThrow(/is being pushed; wait until it ends/);
    setDraftState(db, draft.id, 'pushed');
    expect(() => resetDraftRows(db, draft.id, { sheetName: null, headerRow: null, mapping: null }, [])).toThrow(/already pushed/);
    expect(deleteDraft(db, draft.id)).toBe(true);
    expect(draftById(db, draft.id)).toBeNull();
    expect(deleteDraft(db, draft.id)).toBe(false);
  });

  it('lists an event’s drafts newest first', () => {
    const db = dirs.fresh();
    createDraft(db, { externalEventId: 1, source });
    createDraft(db, { externalEventId: 2, source });
    createDraft(db, { externalEventId: 1, source });
    expect(listDrafts(db, 1).map((d) => d.id)).toEqual([3, 1]);
    expect(listDrafts(db).map((d) => d.id)).toEqual([3, 2, 1]);
  });

  it('never gives a deleted draft’s id again: the outbox and imports still name it', () => {
    const db = dirs.fresh();
    const first = createDraft(db, { externalEventId: 1, source });
    const second = createDraft(db, { externalEventId: 1, source });
    deleteDraft(db, second.id);
    deleteDraft(db, first.id);
    expect(createDraft(db, { externalEventId: 1, source }).id).toBe(second.id + 1);
  });

  it('renames a draft, trimmed, and finds an event’s drafts of one file by content, last edited first', () => {
    const db = dirs.fresh();
    const a = createDraft(db, { externalEventId: 1, source }, [], 10);
    const b = createDraft(db, { externalEventId: 1, source }, [], 20);
    createDraft(db, { externalEventId: 2, source }, [], 30);
    createDraft(db, { externalEventId: 1, source: { ...source, hash: 'other' } }, [], 40);
    expect(renameDraft(db, a.id, '  March  ', 50)).toBe(true);
    expect(draftById(db, a.id)).toMatchObject({ name: 'March', source: { name: 'panel.xlsx' }, updatedAt: 50 });
    expect(draftsOfSource(db, 1, source.hash).map((d) => d.id)).toEqual([a.id, b.id]);
    expect(() => renameDraft(db, a.id, ' ')).toThrow(DraftError);
    expect(renameDraft(db, 999, 'x')).toBe(false);
  });
});
