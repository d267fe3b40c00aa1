import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/service';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

const body = { external_event_id: 4711, participants: [{ name: 'Ada', email: 'ada@example.com' }] };
const countImports = () => (service.context.db.prepare('SELECT count(*) AS n FROM participant_imports').get() as { n: number }).n;

it('answers a repeated POST with the same key and body with the same record', async () => {
  const api = service.client();
  const before = countImports();
  const first = await api.post('/api/v1/participant_imports', body, { 'idempotency-key': 'k-1' });
  const again = await api.post('/api/v1/participant_imports', body, { 'idempotency-key': 'k-1' });
  expect(first.status).toBe(201);
  expect(again.status).toBe(201);
  expect(again.body).toEqual(first.body);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(countImports()).toBe(before + 1);
});

it('refuses the same key with a different body', async () => {
  const api = service.client();
  await api.post('/api/v1/participant_imports', body, { 'idempotency-key': 'k-2' });
  const other = await api.post('/api/v1/participant_imports', { ...body, act_if_valid: true }, { 'idempotency-key': 'k-2' });
  expect(other.status).toBe(422);
  expect(other.body.error.code).toBe('idempotency_key_reused');
});

it('creates a record per POST without a key, and keys are per company', async () => {
  const before = countImports();
  await service.client().post('/api/v1/participant_imports', body);
  await service.client().post('/api/v1/participant_imports', body);
  const theirs = await service.client(service.otherToken).post('/api/v1/participant_imports', { ...body, external_event_id: 9001 }, { 'idempotency-key': 'k-1' });
  expect(theirs.status).toBe(201);
  expect(countImports()).toBe(before + 3);
});

it('does not keep a failed answer, so the same key may be retried', async () => {
  const api = service.client();
  const failed = await api.post('/api/v1/participant_imports', { ...body, external_event_id: 1 }, { 'idempotency-key': 'k-3' });
  expect(failed.status).toBe(404);
  const retried = await api.post('/api/v1/participant_imports', { ...body, external_event_id: 1 }, { 'idempotency-key': 'k-3' });
  expect(retried.status).toBe(404);
  expect(retried.headers.get('idempotent-replayed')).toBeNull();
});

it('never answers one record for a request to another path with the same key', async () => {
  const api = service.client();
  const a = (await api.post('/api/v1/participant_imports', body)).body.response;
  const b = (await api.post('/api/v1/participant_imports', body)).body.response;
  const first = await api.post(`/api/v1/participant_imports/${a.id}/export`, {}, { 'idempotency-key': 'k-4' });
  const second = await api.post(`/api/v1/participant_imports/${b.id}/export`, {}, { 'idempotency-key': 'k-4' });
  expect(first.status).toBe(201);
  expect(second.status).toBe(422);
  expect(second.body.error.code).toBe('idempotency_key_reused');
});

it('answers 409 while a key is in flight, and lets a claim abandoned by a dead request go', async () => {
  const db = service.context.db;
  const claim = db.prepare('INSERT INTO idempotency_keys (company_id, key, request_hash, created_at) VALUES (1, ?, ?, ?)');
  claim.run('k-5', 'whatever', new Date().toISOString());
  expect((await service.client().post('/api/v1/participant_imports', body, { 'idempotency-key': 'k-5' })).status).toBe(409);
  claim.run('k-6', 'whatever', new Date(Date.now() - 5 * 60_000).toISOString());
  expect((await service.client().post('/api/v1/participant_imports', body, { 'idempotency-key': 'k-6' })).status).toBe(201);
});
