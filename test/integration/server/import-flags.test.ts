import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportFlags, ParticipantInput } from '../../../src/core/contract/imports';
import type { EventRow } from '../../../src/server/store/events';
import { startTestService, waitForAction, type TestService } from '../../support/service';
import { ageGroup, demographicNames, freshEvent, gender, participantsOf } from '../../support/events';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

/** Imports through the two-step path (record, then action) and waits for the job. */
async function runImport(event: EventRow, participants: ParticipantInput[], flags: Partial<ImportFlags> = {}) {
  const api = service.client();
  const created = await api.post('/api/v1/participant_imports', { external_event_id: event.external_event_id, participants });
  expect(created.status).toBe(201);
  const action = await api.post('/api/v1/participant_import_actions', { participant_import_id: created.body.response.id, ...flags });
  expect(action.status).toBe(201);
  return waitForAction(api, action.body.response.id);
}

const ada = (extra: Partial<ParticipantInput> = {}): ParticipantInput => ({ external_id: 'A1', name: 'Ada', email: 'ada@example.com', ...extra });
const bob = (extra: Partial<ParticipantInput> = {}): ParticipantInput => ({ external_id: 'B2', name: 'Bob', email: 'bob@example.com', ...extra });

describe('save_missing_categories', () => {
  const diet = { demographic_category_name: 'Diet', demographic_name: 'Vegan' };

  it('creates missing categories and demographics by default', async () => {
    const event = freshEvent(service);
    const action = await runImport(event, [ada({ demographics: [diet, gender('Male')] })]);
    expect(action.error).toBeNull();
    expect(action).toMatchObject({ status: 'completed', save_missing_categories: true });
    expect(action.result).toMatchObject({ categories_created: 1, demographics_created: 1, demographics_ignored: 0 });
    expect(demographicNames(service, participantsOf(service, event)[0].id)).toEqual(['Diet: Vegan', 'Gender: Male']);
  });

  it('leaves unknown entries out when false', async () => {
    const event = freshEvent(service);
    const action = await runImport(event, [ada({ demographics: [diet, gender('Male')] })], { save_missing_categories: false });
    expect(action.result).toMatchObject({ categories_created: 0, demographics_created: 0, demographics_ignored: 1 });
    expect(demographicNames(service, participantsOf(service, event)[0].id)).toEqual(['Gender: Male']);
  });
});

describe('only_demographics', () => {
  it('adds only demographics to matched participants when true', async () => {
    const event = freshEvent(service);
    await runImport(event, [ada({ name: 'Old name', demographics: [gender('Female')] })]);
    const action = await runImport(event, [ada({ name: 'New name', demographics: [ageGroup('25-34')] })], { only_demographics: true });
    expect(action.result).toMatchObject({ created: 0, updated: 1 });
    const [row] = participantsOf(service, event);
    expect(row.name).toBe('Old name');
    expect(demographicNames(service, row.id)).toEqual(['Age Group: 25-34', 'Gender: Female']);
  });

  it('updates the matched participant’s properties when false', async () => {
    const event = freshEvent(service);
    await runImport(event, [ada({ name: 'Old name' })]);
    await runImport(event, [ada({ name: 'New name', locale: 'fr_FR' })]);
    expect(participantsOf(service, event)).toMatchObject([{ name: 'New name', locale: 'fr_FR' }]);
  });
});

describe('destroy_existing_demographics', () => {
  it('replaces a matched participant’s demographics when true', async () => {
    const event = freshEvent(service);
    await runImport(event, [ada({ demographics: [gender('Female'), ageGroup('18-24')] })]);
    await runImport(event, [ada({ demographics: [ageGroup('25-34')] })], { destroy_existing_demographics: true });
    expect(demographicNames(service, participantsOf(service, event)[0].id)).toEqual(['Age Group: 25-34']);
  });

  it('keeps them when false, with an exclusive category still holding one value', async () => {
    const event = freshEvent(service);
    await runImport(event, [ada({ demographics: [gender('Female'), ageGroup('18-24')] })]);
    await runImport(event, [ada({ demographics: [ageGroup('25-34')] })]);
    expect(demographicNames(service, participantsOf(service, event)[0].id)).toEqual(['Age Group: 25-34', 'Gender: Female']);
  });
});

describe('destroy_unmatched_participants', () => {
  it('removes the event’s participants the payload did not match when true', async () => {
    const event = freshEvent(service);
    const other = freshEvent(service);
    await runImport(event, [ada(), bob()]);
    await runImport(other, [bob()]);
    const action = await runImport(event, [ada({ email: 'ADA@example.com', external_id: '' })], { destroy_unmatched_participants: true });
    expect(action.result).toMatchObject({ updated: 1, destroyed: 1 });
    expect(participantsOf(service, event).map((p) => p.external_id)).toEqual(['A1']);
    expect(participantsOf(service, other)).toHaveLength(1);
  });

  it('keeps them when false', async () => {
    const event = freshEvent(service);
    await runImport(event, [ada(), bob()]);
    const action = await runImport(event, [ada()]);
    expect(action.result.destroyed).toBe(0);
    expect(participantsOf(service, event)).toHaveLength(2);
  });
});

describe('skip_invalid', () => {
  const payload = () => [ada(), bob({ email: 'bob at example' })];

  it('fails the action and writes nothing when false and a participant is invalid', async () => {
    const event = freshEvent(service);
    const action = await runImport(event, payload());
    expect(action.status).toBe('failed');
    expect(action.error).toMatch(/1 participant is invalid/);
    expect(action.result).toMatchObject({ total: 2, valid: 1, invalid: 1, created: 0 });
    expect(participantsOf(service, event)).toHaveLength(0);
  });

  it('imports the valid participants and ignores the invalid when true', async () => {
    const event = freshEvent(service);
    const action = await runImport(event, payload(), { skip_invalid: true });
    expect(action.status).toBe('completed');
    expect(action.result).toMatchObject({ created: 1, skipped_invalid: 1 });
    expect(participantsOf(service, event).map((p) => p.name)).toEqual(['Ada']);
  });
});

describe('skip_duplicate_identity_matches', () => {
  const payload = () => [ada({ name: 'First' }), ada({ name: 'Second', email: 'second@example.com' }), bob({ email: 'ADA@example.com' })];

  it('skips rows repeating an earlier row’s external id or e-mail when true', async () => {
    const event = freshEvent(service);
    const action = await runImport(event, payload(), { skip_duplicate_identity_matches: true });
    expect(action.result).toMatchObject({ created: 1, updated: 0, skipped_duplicates: 2 });
    expect(participantsOf(service, event)).toMatchObject([{ name: 'First' }]);
  });

  it('merges a repeated person into the first row’s participant without changing its fields, and keeps another person who shares an e-mail apart, when false', async () => {
    const event = freshEvent(service);
    const action = await runImport(event, payload());
    expect(action.result).toMatchObject({ created: 2, updated: 1, skipped_duplicates: 0, merged_duplicates: 1, identity_conflicts: 1 });
    expect(participantsOf(service, event).map((p) => [p.name, p.email])).toEqual([
      ['First', 'ada@example.com'],
      ['Bob', 'ADA@example.com'],
    ]);
  });
});

describe('act_if_valid', () => {
  it('runs the action at once with the six flags of the create body', async () => {
    const event = freshEvent(service);
    const api = service.client();
    const created = await api.post('/api/v1/participant_imports', {
      external_event_id: event.external_event_id,
      act_if_valid: true,
      skip_invalid: true,
      participants: [ada(), bob({ locale: 'klingon' })],
    });
    const action = await waitForAction(api, created.body.response.participant_import_action_id);
    expect(action).toMatchObject({ status: 'completed', skip_invalid: true, save_missing_categories: true, only_demographics: false });
    expect(action.result).toMatchObject({ created: 1, skipped_invalid: 1 });
    const index = await api.get(`/api/v1/participant_import_actions?participant_import_id=${created.body.response.id}`);
    expect(index.body.response.count).toBe(1);
    expect(index.body.response.participant_import_actions[0].id).toBe(action.id);
  });
});
