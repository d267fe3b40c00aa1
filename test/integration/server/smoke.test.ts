import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, waitForAction, type TestService } from '../../support/service';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

it('creates an import that is acted on at once and ends completed', async () => {
  const api = service.client();
  const created = await api.post('/api/v1/participant_imports', {
    external_event_id: 4711,
    act_if_valid: true,
    participants: [{ external_id: 'A1', name: 'Ada Lovelace', email: 'ada@example.com', demographics: [{ demographic_category_name: 'gender', demographic_name: 'female' }] }],
  });
  expect(created.status).toBe(201);
  const action = await waitForAction(api, created.body.response.participant_import_action_id);
  expect(action.status).toBe('completed');
  expect(action.result.created).toBe(1);
});
