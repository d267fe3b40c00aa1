import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, waitForAction, type TestService } from '../../support/service';

let service: TestService;
let importId: number;
let actionId: number;
let documentId: number;
let eventId: number;

beforeAll(async () => {
  service = await startTestService();
  const api = service.client();
  const created = await api.post('/api/v1/participant_imports', {
    external_event_id: 4711,
    act_if_valid: true,
    participants: [{ name: 'Ada', email: 'ada@example.com' }],
  });
  importId = created.body.response.id;
  eventId = created.body.response.event_id;
  actionId = (await waitForAction(api, created.body.response.participant_import_action_id)).id;
  documentId = (await api.get(`/api/v1/participant_imports/${importId}/export`)).body.response.id;
});
afterAll(() => service.close());

it("answers 404 for another company's records on every import endpoint", async () => {
  const other = service.client(service.otherToken);
  const attempts = [
    other.get(`/api/v1/participant_imports?event_id=${eventId}`),
    other.get(`/api/v1/participant_imports/${importId}`),
    other.get(`/api/v1/participant_imports/${importId}/parser`),
    other.get(`/api/v1/participant_imports/${importId}/export`),
    other.post(`/api/v1/participant_imports/${importId}/export`),
    other.delete(`/api/v1/participant_imports/${importId}`),
    other.post('/api/v1/participant_imports', { external_event_id: 4711, participants: [] }),
    other.post('/api/v1/participant_import_actions', { participant_import_id: importId }),
    other.get(`/api/v1/participant_import_actions?participant_import_id=${importId}`),
    other.get(`/api/v1/participant_import_actions/${actionId}`),
    other.get(`/api/v1/documents/${documentId}`),
    other.get(`/api/v1/documents/${documentId}/download`),
  ];
  const statuses = (await Promise.all(attempts)).map((a) => a.status);
  expect(statuses).toEqual(statuses.map(() => 404));
  // …and they are all still there for their owner
  const own = service.client();
  expect((await own.get(`/api/v1/participant_imports/${importId}`)).status).toBe(200);
  expect((await own.get(`/api/v1/documents/${documentId}/download`)).status).toBe(200);
});

it("lets the other company import into its own event", async () => {
  const { status, body } = await service.client(service.otherToken).post('/api/v1/participant_imports', { external_event_id: 9001, participants: [] });
  expect(status).toBe(201);
  expect(body.response.company_id).toBe(2);
});
