/**
 * Before the action runs, the app's push review lists every row that would update a
 * participant found by e-mail rather than by external id, with what would change; and a row
 * whose e-mail a family shares stops the push as a conflict. The real service and a real mirror.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pushResultOf } from '../../../../src/services/app/push-result';
import { decidePushReview, pushDraft, sheetRowsOfPush, type MirrorPlace } from '../../../../src/services/usecases';
import { openSheetAsDraft } from '../../../support/draft-once';
import type { EventRow } from '../../../../src/server/store/events';
import { freshEvent, participantsOf } from '../../../support/events';
import { startTestService, waitForAction, type TestService } from '../../../support/service';

let service: TestService;
let place: MirrorPlace;
const dir = mkdtempSync(join(tmpdir(), 'muster-review-email-'));

beforeAll(async () => {
  service = await startTestService();
  place = { dataDir: join(dir, 'data'), serverUrl: service.url, account: 'default' };
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh event holding `people` (imported straight on the service), and a draft for it from a sheet of `rows`. */
async function eventAndDraft(file: string, people: object[], rows: string[]) {
  const event = freshEvent(service);
  const api = service.client();
  const first = await api.post('/api/v1/participant_imports', { external_event_id: event.external_event_id, act_if_valid: true, participants: people });
  const actions = await api.get(`/api/v1/participant_import_actions?participant_import_id=${first.body.response.id}`);
  await waitForAction(api, actions.body.response.participant_import_actions[0].id);
  const sheet = join(dir, file);
  writeFileSync(sheet, ['ID,Name,E-mail,Language', ...rows].join('\n'));
  const { draft } = await openSheetAsDraft(place, { file: sheet, externalEventId: event.external_event_id });
  return { event, draft, connection: { ...place, token: () => service.token } };
}

const names = (event: EventRow) => participantsOf(service, event).map((p) => [p.external_id, p.name, p.locale]);

it('lists a row that updates a participant found by e-mail, with what changes, before anything is imported', async () => {
  const { event, draft, connection } = await eventAndDraft('solo.csv', [{ external_id: 'S-1', name: 'Sam', email: 'sam@example.com', locale: 'en_US' }], [
    ',Samuel,SAM@example.com,de_DE',
    'N-2,New Person,new@example.com,en_US',
  ]);
  const stopped = await pushDraft(connection, draft.id, {}, { review: true });
  expect(stopped.status).toMatchObject({ state: 'pushing', review: 'asked', actionId: null });
  const [sam] = participantsOf(service, event);
  const shown = pushResultOf(stopped, () => sheetRowsOfPush(place, draft.id));
  expect(shown.review).toEqual([]);
  expect(shown.emailUpdates).toEqual([
    {
      row: 2,
      participantId: sam.id,
      changes: [
        { field: 'name', from: 'Sam', to: 'Samuel' },
        { field: 'email', from: 'sam@example.com', to: 'SAM@example.com' },
        { field: 'locale', from: 'en_US', to: 'de_DE' },
      ],
    },
  ]);
  expect(names(event)).toEqual([['S-1', 'Sam', 'en_US']]);

  const sent = await decidePushReview(connection, draft.id, 'send');
  expect(sent.status).toMatchObject({ state: 'pushed', result: expect.objectContaining({ created: 1, updated: 1 }) });
  expect(names(event)).toEqual([['S-1', 'Samuel', 'de_DE'], ['N-2', 'New Person', 'en_US']]);
});

it('does not stop for a row found by e-mail that changes nothing, nor with only_demographics', async () => {
  const people = [{ external_id: 'S-1', name: 'Sam', email: 'sam@example.com', locale: 'en_US' }];
  const same = await eventAndDraft('same.csv', people, [',Sam,sam@example.com,en_US']);
  expect((await pushDraft(same.connection, same.draft.id, {}, { review: true })).status).toMatchObject({ state: 'pushed', review: null });
  const only = await eventAndDraft('only.csv', people, [',Samuel,sam@example.com,de_DE']);
  expect((await pushDraft(only.connection, only.draft.id, { only_demographics: true }, { review: true })).status).toMatchObject({ state: 'pushed', review: null });
  expect(names(only.event)).toEqual([['S-1', 'Sam', 'en_US']]);
});

it('stops for a row whose e-mail a family shares, and sending it as it is changes no one', async () => {
  const family = [
    { external_id: 'F1', name: 'Fam Parent', email: 'family@example.com' },
    { external_id: 'F2', name: 'Fam Child', email: 'family@example.com' },
  ];
  const { event, draft, connection } = await eventAndDraft('family.csv', family, [',Intruder,FAMILY@example.com,']);
  const stopped = await pushDraft(connection, draft.id, {}, { review: true });
  const shown = pushResultOf(stopped, () => sheetRowsOfPush(place, draft.id));
  expect(shown.review).toEqual([{ row: 2, field: 'identity_conflict', offline: '', service: 'email_of_several_people' }]);
  expect(shown.emailUpdates).toEqual([]);

  const sent = await decidePushReview(connection, draft.id, 'send');
  expect(sent.status).toMatchObject({ state: 'pushed', result: expect.objectContaining({ created: 0, updated: 0, identity_conflicts: 1, skipped_conflicts: 1 }) });
  expect(names(event)).toEqual([['F1', 'Fam Parent', 'en_US'], ['F2', 'Fam Child', 'en_US']]);
});
