import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApplication } from '../../../src/server/store/companies';
import { apiClient, startTestService, type TestService } from '../../support/service';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

it('issues a working bearer token for client credentials, and stores only its hash', async () => {
  const app = createApplication(service.context.db, 2, 'Field laptop');
  const anon = apiClient(service.url, null);
  const granted = await anon.post('/oauth/token', { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret });
  expect(granted.status).toBe(200);
  expect(granted.body).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number), access_token: expect.any(String) });
  const token = granted.body.access_token as string;
  const created = await apiClient(service.url, token).post('/api/v1/participant_imports', { external_event_id: 9001, participants: [] });
  expect(created.status).toBe(201);
  expect(created.body.response).toMatchObject({ company_id: 2, created_by_id: app.applicationId, created_by_type: 'OauthApplication' });
  const stored = service.context.db.prepare('SELECT token_hash FROM access_tokens').all() as { token_hash: string }[];
  expect(stored.some((r) => r.token_hash.includes(token))).toBe(false);
  expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
});

it('refuses wrong client credentials with 401 and a bad grant with 422', async () => {
  const anon = apiClient(service.url, null);
  const wrong = await anon.post('/oauth/token', { grant_type: 'client_credentials', client_id: 'cid_x', client_secret: 'nope' });
  expect(wrong.status).toBe(401);
  expect(wrong.body.error.code).toBe('unauthorized');
  const grant = await anon.post('/oauth/token', { grant_type: 'password', client_id: 'a', client_secret: 'b' });
  expect(grant.status).toBe(422);
  expect(grant.body.error.details[0].field).toBe('grant_type');
});

it('accepts the form-encoded grant that OAuth clients send', async () => {
  const app = createApplication(service.context.db, 1, 'Form client');
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret });
  const res = await fetch(`${service.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  expect(res.status).toBe(200);
  expect((await res.json()).token_type).toBe('Bearer');
});
