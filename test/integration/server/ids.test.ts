import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/service';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

it('never gives a destroyed subject’s id to the next subject', async () => {
  const api = service.client();
  const first = (await api.post('/api/v1/subjects', { first_name: 'Newest', last_name: 'One' })).body.response;
  expect((await api.delete(`/api/v1/subjects/${first.id}`)).status).toBe(200);
  const next = (await api.post('/api/v1/subjects', { first_name: 'Someone', last_name: 'Else' })).body.response;
  expect(next.id).toBeGreaterThan(first.id);
  expect((await api.get(`/api/v1/subjects/${first.id}`)).status).toBe(404);
});

it('never gives a destroyed import’s id to the next import', async () => {
  const api = service.client();
  const body = { external_event_id: 4711, participants: [{ name: 'Ada', email: 'ada@example.com' }] };
  const first = (await api.post('/api/v1/participant_imports', body)).body.response;
  expect((await api.delete(`/api/v1/participant_imports/${first.id}`)).status).toBe(200);
  const next = (await api.post('/api/v1/participant_imports', body)).body.response;
  expect(next.id).toBeGreaterThan(first.id);
});
