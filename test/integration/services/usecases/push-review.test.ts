/**
 * A push from the app stops when the service reads rows differently from the offline parse,
 * and goes on or goes back as the person decides; the real service and a real mirror.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decidePushReview, discardFromOutbox, listOutbox, pushDraft, syncOnce, type MirrorPlace } from '../../../../src/services/usecases';
import { editDraftCells, openSheetAsDraft } from '../../../support/draft-once';
import { freshEvent, participantsOf } from '../../../support/events';
import { startTestService, waitForAction, type TestService } from '../../../support/service';

let service: TestService;
let place: MirrorPlace;
const dir = mkdtempSync(join(tmpdir(), 'muster-review-'));

beforeAll(async () => {
  service = await startTestService();
  place = { dataDir: join(dir, 'data'), serverUrl: service.url, account: 'default' };
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});


/**
 * A fresh event that already has Bob, and a draft for it from a sheet of `rows`
 * (ID, Name, E-mail). Giving Bob's e-mail to someone else is what only the service can see.
 */
async function bobAndADraft(file: string, rows: string[]) {
  const event = freshEvent(service);
  const api = service.client();
  const first = await api.post('/api/v1/participant_imports', { external_event_id: event.external_event_id, act_if_valid: true, participants: [{ external_id: 'X-1', name: 'Bob', email: 'bob@example.com' }] });
  const actions = await api.get(`/api/v1/participant_import_actions?participant_import_id=${first.body.response.id}`);
  await waitForAction(api, actions.body.response.participant_import_actions[0].id);
  const sheet = join(dir, file);
  writeFileSync(sheet, ['ID,Name,E-mail', ...rows].join('\n'));
  const { draft } = await openSheetAsDraft(place, { file: sheet, externalEventId: event.external_event_id });
  return { event, draft, connection: { ...place, token: () => service.token } };
}

it('waits for the person when the parses disagree, goes back to editing on "fix", and sends on "send"', async () => {
  const { event, draft, connection } = await bobAndADraft('list.csv', ['Y-2,Robert,bob@example.com', 'Y-3,Cleo,cleo@example.com']);

  const stopped = await pushDraft(connection, draft.id, {}, { review: true });
  expect(stopped.end).toBe('stalled');
  expect(stopped.status).toMatchObject({ state: 'pushing', review: 'asked', actionId: null });
  expect(stopped.status.disagreements).toEqual([{ row_number: 1, field: 'identity_conflict', offline: null, service: 'email_of_another_person' }]);
  // Waiting for a person is not work still due: a sync meanwhile ends as done, not as offline.
  expect((await syncOnce(connection)).end).toBe('idle');
  expect((await pushDraft(connection, draft.id, {}, { review: true })).status.review).toBe('asked');

  const back = await decidePushReview(connection, draft.id, 'fix');
  expect(back.status).toMatchObject({ state: 'editing', review: null, importId: null, disagreements: null });
  editDraftCells(place, draft.id, [{ position: 0, field: 'email', value: 'robert@example.com' }]);
  const clean = await pushDraft(connection, draft.id, {}, { review: true });
  expect(clean.end).toBe('settled');
  expect(clean.status).toMatchObject({ state: 'pushed', actionStatus: 'completed', review: null, disagreements: [] });
  expect(participantsOf(service, event).map((p) => p.external_id).sort()).toEqual(['X-1', 'Y-2', 'Y-3']);
  await expect(decidePushReview(connection, draft.id, 'send')).rejects.toThrow('This push is not waiting for a decision');
});

it('sends as it is when the person chooses to, and the service keeps the two people apart', async () => {
  const { draft, connection } = await bobAndADraft('send.csv', ['Y-2,Robert,bob@example.com']);
  expect((await pushDraft(connection, draft.id, {}, { review: true })).status.review).toBe('asked');
  const sent = await decidePushReview(connection, draft.id, 'send');
  expect(sent.end).toBe('settled');
  expect(sent.status).toMatchObject({ state: 'pushed', actionStatus: 'completed', review: null, result: expect.objectContaining({ created: 1, identity_conflicts: 1 }) });
});

it('asks again after the waiting push was discarded and the list sent anew', async () => {
  const { draft, connection } = await bobAndADraft('again.csv', ['Y-2,Robert,bob@example.com']);
  expect((await pushDraft(connection, draft.id, {}, { review: true })).status.review).toBe('asked');
  const waiting = listOutbox(place).find((item) => item.kind === 'import.parser' && item.state === 'pending');
  expect(waiting).toMatchObject({ nextAttemptAt: null, error: expect.stringContaining('Waiting for your decision') });
  expect(discardFromOutbox(place, waiting!.id, true).discarded).toBe(true);
  const again = await pushDraft(connection, draft.id, {}, { review: true });
  expect(again.status).toMatchObject({ state: 'pushing', review: 'asked' });
  // The new push's own import was read: its disagreements, not the discarded one's.
  expect(again.status.importId).not.toBe(null);
  expect(again.status.disagreements).toHaveLength(1);
});
