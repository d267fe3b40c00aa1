import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshEvent, participantsOf } from '../../support/events';
import { startTestService, waitForAction, type TestService } from '../../support/service';

// Ten clients import at once, each acted on at once: every job ends, counts are right, and no
// database-busy failure reaches a client.
let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

it('completes ten imports created at once with act_if_valid, each with the right counts', async () => {
  const client = service.client();
  const events = Array.from({ length: 10 }, () => freshEvent(service));
  const size = 200;
  const created = await Promise.all(
    events.map((event, e) =>
      client.post('/api/v1/participant_imports', {
        external_event_id: event.external_event_id,
        act_if_valid: true,
        participants: Array.from({ length: size }, (_, i) => ({ external_id: `C${e}-${i}`, name: `Client ${e} ${i}`, email: `c${e}.${i}@example.com` })),
      }),
    ),
  );
  expect(created.map((answer) => answer.status)).toEqual(events.map(() => 201));
  const actions = await Promise.all(created.map((answer) => waitForAction(client, answer.body.response.participant_import_action_id, 60_000)));
  for (const action of actions) expect(action).toMatchObject({ status: 'completed', error: null, result: { total: size, created: size, updated: 0 } });
  for (const event of events) expect(participantsOf(service, event)).toHaveLength(size);
}, 90_000);
