import { describe, expect, it } from 'vitest';
import type { ParsedParticipant, ParticipantImport, ParticipantImportAction } from '../../../../src/core/contract/imports';
import { actionsOfImport, importActionById, recordImportAction, unfinishedActions } from '../../../../src/services/mirror/queries/imports/import-actions';
import { forgetImport, importById, importOfDraft, importsOfEvent, recordImport } from '../../../../src/services/mirror/queries/imports/imports';
import { parserResultOf, recordParserResult, setDisagreements } from '../../../../src/services/mirror/queries/imports/parser-results';
import { createDraft, deleteDraft } from '../../../../src/services/mirror/queries/drafts/drafts';
import { eventByExternalId, rememberEvent } from '../../../../src/services/mirror/queries/imports/events';
import { mirrorDir } from './mirror-fixture';

const dirs = mirrorDir();

const importRecord = (id: number, eventId = 7): ParticipantImport => ({
  id,
  event_id: eventId,
  company_id: 1,
  created_by_id: 1,
  created_by_type: 'OauthApplication',
  document_file_name: null,
  document_content_type: null,
  document_updated_at: null,
  act_if_valid: false,
  participant_count: 2,
  participant_import_action_id: null,
  created_at: `2030-01-0${id}T10:00:00.000Z`,
});

const actionRecord = (id: number, importId: number, status: ParticipantImportAction['status'], processed = 0): ParticipantImportAction => ({
  id,
  participant_import_id: importId,
  company_id: 1,
  status,
  progress: { total: 2, processed },
  result: status === 'completed' ? { total: 2, valid: 2, invalid: 0, created: 2, updated: 0, skipped_invalid: 0, skipped_duplicates: 0, destroyed: 0, categories_created: 0, demographics_created: 0, demographics_ignored: 0, merged_duplicates: 0, identity_conflicts: 0 } : null,
  error: status === 'failed' ? 'The job stopped.' : null,
  created_by_id: 1,
  created_by_type: 'OauthApplication',
  created_at: '2030-01-01T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  save_missing_categories: true,
  only_demographics: false,
  destroy_existing_demographics: false,
  destroy_unmatched_participants: false,
  skip_invalid: true,
  skip_duplicate_identity_matches: false,
});

describe('imports', () => {
  it('records an import pushed from a draft, learning the event’s internal id', () => {
    const db = dirs.fresh();
    const draft = createDraft(db, { externalEventId: 1234, source: { name: 'a.csv', size: 1, hash: 'h' } });
    const stored = recordImport(db, importRecord(1), { externalEventId: 1234, draftId: draft.id, at: 50 });
    expect(stored).toEqual({ id: 1, eventId: 7, externalEventId: 1234, draftId: draft.id, createdAt: importRecord(1).created_at, record: importRecord(1), seenAt: 50 });
    expect(eventByExternalId(db, 1234)?.eventId).toBe(7);
    expect(importOfDraft(db, draft.id)?.id).toBe(1);
  });

  it('keeps the draft and external id a later answer does not say, and follows the record', () => {
    const db = dirs.fresh();
    const draft = createDraft(db, { externalEventId: 1234, source: { name: 'a.csv', size: 1, hash: 'h' } });
    recordImport(db, importRecord(1), { externalEventId: 1234, draftId: draft.id });
    const later = recordImport(db, { ...importRecord(1), participant_import_action_id: 3 });
    expect(later).toMatchObject({ draftId: draft.id, externalEventId: 1234 });
    expect(later.record.participant_import_action_id).toBe(3);
  });

  it('knows the external id of an import pulled by event id when the event is known', () => {
    const db = dirs.fresh();
    rememberEvent(db, 55);
    recordImport(db, importRecord(1, 9), { externalEventId: 55 });
    expect(recordImport(db, importRecord(2, 9)).externalEventId).toBe(55);
    expect(recordImport(db, importRecord(3, 10)).externalEventId).toBeNull();
    expect(importsOfEvent(db, 9).map((i) => i.id)).toEqual([1, 2]);
  });

  it('keeps an import when its draft is deleted, and forgets its result and actions with it', () => {
    const db = dirs.fresh();
    const draft = createDraft(db, { externalEventId: 1, source: { name: 'a.csv', size: 1, hash: 'h' } });
    recordImport(db, importRecord(1), { externalEventId: 1, draftId: draft.id });
    recordParserResult(db, 1, []);
    recordImportAction(db, actionRecord(4, 1, 'queued'));
    deleteDraft(db, draft.id);
    expect(importById(db, 1)?.draftId).toBeNull();
    expect(forgetImport(db, 1)).toBe(true);
    expect(parserResultOf(db, 1)).toBeNull();
    expect(importActionById(db, 4)).toBeNull();
  });
});

describe('parser results', () => {
  const participant = { name: 'Ana', email: 'ana@example.com', row_number: 1 } as ParsedParticipant;

  it('stores the service’s parse, then where the offline parse disagrees', () => {
    const db = dirs.fresh();
    recordImport(db, importRecord(1));
    recordParserResult(db, 1, [participant], null, 10);
    expect(parserResultOf(db, 1)).toEqual({ importId: 1, participants: [participant], disagreements: null, fetchedAt: 10 });
    const disagreement = { row_number: 1, field: 'invalid_fields', offline: ['email'], service: [] };
    expect(setDisagreements(db, 1, [disagreement])).toBe(true);
    expect(parserResultOf(db, 1)?.disagreements).toEqual([disagreement]);
    recordParserResult(db, 1, [], [], 20);
    expect(parserResultOf(db, 1)).toEqual({ importId: 1, participants: [], disagreements: [], fetchedAt: 20 });
    expect(setDisagreements(db, 2, [])).toBe(false);
  });

  it('needs the import first', () => {
    const db = dirs.fresh();
    expect(() => recordParserResult(db, 42, [])).toThrow(/FOREIGN KEY/);
  });
});

describe('import actions', () => {
  it('follows an action from queued to completed with its progress, flags and result', () => {
    const db = dirs.fresh();
    recordImport(db, importRecord(1));
    recordImportAction(db, actionRecord(4, 1, 'queued'), 1);
    expect(unfinishedActions(db).map((a) => a.id)).toEqual([4]);
    recordImportAction(db, actionRecord(4, 1, 'running', 1), 2);
    expect(importActionById(db, 4)).toMatchObject({ status: 'running', progress: { total: 2, processed: 1 }, result: null, updatedAt: 2 });
    const done = recordImportAction(db, actionRecord(4, 1, 'completed', 2), 3);
    expect(done.flags).toEqual({ save_missing_categories: true, only_demographics: false, destroy_existing_demographics: false, destroy_unmatched_participants: false, skip_invalid: true, skip_duplicate_identity_matches: false });
    expect(done.result?.created).toBe(2);
    expect(unfinishedActions(db)).toEqual([]);
  });

  it('lists an import’s actions oldest first and keeps the failure sentence', () => {
    const db = dirs.fresh();
    recordImport(db, importRecord(1));
    recordImportAction(db, actionRecord(6, 1, 'failed'));
    recordImportAction(db, actionRecord(5, 1, 'completed', 2));
    expect(actionsOfImport(db, 1).map((a) => [a.id, a.status, a.error])).toEqual([
      [5, 'completed', null],
      [6, 'failed', 'The job stopped.'],
    ]);
  });

  it('needs the import first', () => {
    const db = dirs.fresh();
    expect(() => recordImportAction(db, actionRecord(4, 99, 'queued'))).toThrow(/FOREIGN KEY/);
  });
});
