import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestService, type TestService } from '../../support/service';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ bodyLimit: 64 * 1024 });
});
afterAll(() => service.close());

const IMPORTS = '/api/v1/participant_imports';

function expectErrorShape(body: any, code: string) {
  expect(body).toEqual({ error: { code, message: expect.any(String), details: expect.any(Array) } });
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/); // never a stack
}

describe('one error shape for every failure', () => {
  it('400 for a body that is not JSON', async () => {
    const { status, body } = await service.client().request('POST', IMPORTS, '{"external_event_id": 4711,', {});
    expect(status).toBe(400);
    expectErrorShape(body, 'bad_request');
  });

  it('400 for malformed path or query parameters', async () => {
    const api = service.client();
    const byPath = await api.get(`${IMPORTS}/abc`);
    expect(byPath.status).toBe(400);
    expectErrorShape(byPath.body, 'bad_request');
    const byQuery = await api.get(`${IMPORTS}?event_id=x`);
    expect(byQuery.status).toBe(400);
    expect(byQuery.body.error.details).toEqual([expect.objectContaining({ field: 'event_id' })]);
    expect((await api.get(IMPORTS)).status).toBe(400);
  });

  it('401 without a token, with a wrong one, and with an expired one', async () => {
    for (const token of [null, 'mst_wrong']) {
      const { status, headers, body } = await apiClient(service.url, token).get(`${IMPORTS}/lookup`);
      expect(status).toBe(401);
      expect(headers.get('www-authenticate')).toMatch(/^Bearer/);
      expectErrorShape(body, 'unauthorized');
    }
    const db = service.context.db;
    const { issueToken } = await import('../../../src/server/store/companies');
    const expired = issueToken(db, 1, new Date(Date.now() - 3_600_000), 60).token;
    const answer = await apiClient(service.url, expired).get(`${IMPORTS}/lookup`);
    expect(answer.status).toBe(401);
    expect(answer.body.error.message).toMatch(/expired/);
  });

  it('400 in the one shape for a path that is not a valid URL', async () => {
    const { status, body } = await service.client().get(`${IMPORTS}/%E0%A4%A`);
    expect(status).toBe(400);
    expectErrorShape(body, 'bad_request');
  });

  it('400 for a body that is not sent as JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const { status, body } = await service.client().request('POST', IMPORTS, 'external_event_id=4711', { 'content-type': type });
      expect(status).toBe(400);
      expect(body.error.message).toMatch(/application\/json/);
    }
  });

  it('names at most 100 invalid fields, then says how many more', async () => {
    const participants = Array.from({ length: 300 }, () => ({ name: 'x', surname: 'not a property' }));
    const { status, body } = await service.client().post(IMPORTS, { external_event_id: 4711, participants });
    expect(status).toBe(422);
    expect(body.error.details).toHaveLength(101);
    expect(body.error.details[100].message).toMatch(/200 more/);
  });

  it('404 for an unknown id and an unknown path', async () => {
    const api = service.client();
    const missing = await api.get(`${IMPORTS}/999999`);
    expect(missing.status).toBe(404);
    expectErrorShape(missing.body, 'not_found');
    const nowhere = await api.get('/api/v1/nothing-here');
    expect(nowhere.status).toBe(404);
    expectErrorShape(nowhere.body, 'not_found');
  });

  it('413 for a body over the configured limit', async () => {
    const participants = Array.from({ length: 2000 }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@example.com` }));
    const { status, body } = await service.client().post(IMPORTS, { external_event_id: 4711, participants });
    expect(status).toBe(413);
    expectErrorShape(body, 'payload_too_large');
  });

  it('422 naming each invalid field of a body', async () => {
    const { status, body } = await service.client().post(IMPORTS, {
      external_event_id: '4711',
      act_if_valid: 'yes',
      participants: [{ name: 'Ok' }, { name: { first: 'x' }, demographics: [{ demographic_name: 'Female' }] }],
      unknown_flag: true,
    });
    expect(status).toBe(422);
    expectErrorShape(body, 'validation_failed');
    const fields = body.error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(['external_event_id', 'act_if_valid', 'participants.1.name', 'participants.1.demographics.0.demographic_category_name', 'unknown_flag']),
    );
  });
});

describe('409 conflict', () => {
  it('refuses a second action while one is unfinished, and destroying its import', async () => {
    const slow = await startTestService({ jobs: { chunkSize: 1, pauseMs: 50 } });
    try {
      const api = slow.client();
      const participants = Array.from({ length: 20 }, (_, i) => ({ name: `P${i}`, email: `p${i}@example.com` }));
      const created = (await api.post(IMPORTS, { external_event_id: 4711, participants, act_if_valid: true })).body.response;
      const second = await api.post('/api/v1/participant_import_actions', { participant_import_id: created.id });
      expect(second.status).toBe(409);
      expectErrorShape(second.body, 'conflict');
      const destroy = await api.delete(`${IMPORTS}/${created.id}`);
      expect(destroy.status).toBe(409);
    } finally {
      await slow.close();
    }
  });
});

describe('429 rate limit', () => {
  it('answers 429 with Retry-After once a token exceeds its requests per window', async () => {
    const limited = await startTestService({ rateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const api = limited.client();
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 5; i++) {
        last = await api.get(`${IMPORTS}/lookup`);
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      expectErrorShape(last!.body, 'rate_limited');
      // another company's token has its own allowance
      expect((await limited.client(limited.otherToken).get(`${IMPORTS}/lookup`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits guessing with a different made-up token on every request', async () => {
    const limited = await startTestService({ rateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await apiClient(limited.url, `mst_guess_${i}`).get(`${IMPORTS}/lookup`)).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
