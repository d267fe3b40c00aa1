import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
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
  expect(granted.headers.get('cache-control')).toBe('no-store');
  const db = service.context.db;
  const everyValue = [...(db.prepare('SELECT * FROM access_tokens').all() as object[]), ...(db.prepare('SELECT * FROM oauth_applications').all() as object[])].flatMap((row) => Object.values(row));
  expect(everyValue).not.toContain(token);
  expect(everyValue).not.toContain(app.clientSecret);
  expect(everyValue).toContain(createHash('sha256').update(token).digest('hex'));
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

it('accepts client credentials in an HTTP Basic header (RFC 6749 §2.3.1)', async () => {
  const app = createApplication(service.context.db, 1, 'Basic client');
  const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
  const res = await fetch(`${service.url}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  expect(res.status).toBe(200);
  expect((await res.json()).access_token).toMatch(/^mst_/);
});

it('writes the tokens file readable by its owner only', () => {
  expect(statSync(join(service.dataDir, 'tokens.json')).mode & 0o777).toBe(0o600);
});
