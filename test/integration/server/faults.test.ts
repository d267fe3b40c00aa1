import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/service';
import { freshEvent } from '../../support/events';
import type { EventRow } from '../../../src/server/store/events';
import { firstApplicationOf, issueToken } from '../../../src/server/store/companies';
import { hashSecret } from '../../../src/server/http/auth';

// Each fault kind against the real service on loopback, programmed in-process.
let service: TestService;
beforeAll(async () => {
  service = await startTestService({ faults: {} });
});
afterAll(() => service.close());
beforeEach(() => void service.faults?.clear());

const IMPORTS = '/api/v1/participant_imports';
const importBody = (event: EventRow) => ({ external_event_id: event.external_event_id, participants: [{ name: 'Ada', email: 'ada@example.com' }] });
const importsOf = async (event: EventRow): Promise<number> => (await service.client().get(`${IMPORTS}?event_id=${event.id}`)).body.response.count;
const nextPost = (kind: string, extra: object = {}) => service.faults!.when({ method: 'POST', path: IMPORTS }, { kind, ...extra } as never);

describe('drop', () => {
  it('commits the import, then closes the connection without an answer', async () => {
    const event = freshEvent(service);
    nextPost('drop');
    const sent = service.client().post(IMPORTS, importBody(event));
    await expect(sent).rejects.toThrow(TypeError);
    await sent.catch((error: Error & { cause?: { code?: string } }) => expect(error.cause?.code).toBe('UND_ERR_SOCKET'));
    expect(await importsOf(event)).toBe(1);
  });

  it('keeps the answer under its Idempotency-Key, so the retry replays it instead of creating another', async () => {
    const event = freshEvent(service);
    nextPost('drop');
    await expect(service.client().post(IMPORTS, importBody(event), { 'idempotency-key': 'drop-1' })).rejects.toThrow();
    const retry = await service.client().post(IMPORTS, importBody(event), { 'idempotency-key': 'drop-1' });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await importsOf(event)).toBe(1);
  });
});

describe('5xx before the request runs', () => {
  it.each([
    ['500', 500, 'internal_error'],
    ['502', 502, 'service_unavailable'],
    ['503', 503, 'service_unavailable'],
  ])('%s answers %i in the one error shape and commits nothing', async (kind, status, code) => {
    const event = freshEvent(service);
    nextPost(kind);
    const answer = await service.client().post(IMPORTS, importBody(event));
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error: { code, message: expect.stringContaining('fault injected'), details: [] } });
    expect(await importsOf(event)).toBe(0);
    expect((await service.client().post(IMPORTS, importBody(event))).status).toBe(201);
  });
});

describe('5xx after the request ran', () => {
  it.each([
    ['502-after', 502],
    ['503-after', 503],
  ])('%s commits the import and answers %i instead', async (kind, status) => {
    const event = freshEvent(service);
    nextPost(kind);
    const answer = await service.client().post(IMPORTS, importBody(event));
    expect(answer.status).toBe(status);
    expect(answer.body.error).toMatchObject({ code: 'service_unavailable', message: expect.stringContaining('after the request ran') });
    expect(await importsOf(event)).toBe(1);
  });

  it('keeps the real answer under an Idempotency-Key, as the service would behind a proxy', async () => {
    const event = freshEvent(service);
    nextPost('503-after');
    expect((await service.client().post(IMPORTS, importBody(event), { 'idempotency-key': 'after-1' })).status).toBe(503);
    const retry = await service.client().post(IMPORTS, importBody(event), { 'idempotency-key': 'after-1' });
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(await importsOf(event)).toBe(1);
  });

  it('leaves none of the real answer behind: no paging headers on a replaced search', async () => {
    const plain = await service.client().post('/api/v1/subjects/search', {});
    expect(plain.headers.get('x-total-count')).not.toBeNull();
    service.faults!.next([{ kind: '503-after' }]);
    const answer = await service.client().post('/api/v1/subjects/search', {});
    expect(answer.status).toBe(503);
    expect([...answer.headers.keys()].filter((h) => h.startsWith('x-'))).toEqual([]);
  });
});

describe('429', () => {
  it('answers with Retry-After and commits nothing', async () => {
    const event = freshEvent(service);
    nextPost('429', { retryAfter: 7 });
    const answer = await service.client().post(IMPORTS, importBody(event));
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('7');
    expect(answer.body.error.code).toBe('rate_limited');
    expect(await importsOf(event)).toBe(0);
  });
});

describe('latency', () => {
  it('delays the request, which then runs normally', async () => {
    const event = freshEvent(service);
    nextPost('latency', { ms: 300 });
    const started = Date.now();
    const answer = await service.client().post(IMPORTS, importBody(event));
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(answer.status).toBe(201);
  });
});

describe('expire-token', () => {
  it('answers 401 as for an expired token, from that request on, and keeps it expired', async () => {
    const mine = issueToken(service.context.db, firstApplicationOf(service.context.db, 1)!, new Date(), null).token;
    const event = freshEvent(service);
    const api = service.client(mine);
    expect((await api.get(`${IMPORTS}?event_id=${event.id}`)).status).toBe(200);
    service.faults!.next([{ kind: 'expire-token' }]);
    const expired = await api.post(IMPORTS, importBody(event));
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toBe('The access token has expired.');
    expect(expired.headers.get('www-authenticate')).toContain('Bearer');
    expect((await api.get(`${IMPORTS}?event_id=${event.id}`)).status).toBe(401);
    expect(await importsOf(event)).toBe(0); // the test's own token still works
    const row = service.context.db.prepare('SELECT expires_at FROM access_tokens WHERE token_hash = ?').get(hashSecret(mine)) as { expires_at: string | null };
    expect(Date.parse(row.expires_at ?? '')).toBeLessThanOrEqual(Date.now());
  });
});

describe('what faults leave alone', () => {
  it('never touches /health, unknown paths or the control endpoint; the next /api request gets the fault', async () => {
    service.faults!.next([{ kind: '503' }]);
    expect((await service.client().get('/health')).status).toBe(200);
    expect((await service.client().get('/api/v1/no_such_thing')).status).toBe(404);
    expect((await service.client().get('/__faults')).status).toBe(200);
    expect(service.faults!.pending).toBe(1);
    expect((await service.client().get(`${IMPORTS}/lookup`)).status).toBe(503);
  });

  it('leaves the token endpoint alone unless the spec says oauth', async () => {
    service.faults!.next([{ kind: '503' }]);
    const token = await service.client(null as never).post('/oauth/token', { grant_type: 'client_credentials', client_id: 'x', client_secret: 'y' });
    expect(token.status).toBe(401);
    expect(service.faults!.pending).toBe(1);
  });
});
