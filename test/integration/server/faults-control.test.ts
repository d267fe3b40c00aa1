import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestService, type TestService } from '../../support/service';
import { FaultSpecError } from '../../../src/server/faults';
import { createApplication } from '../../../src/server/store/companies';

const LOOKUP = '/api/v1/participant_imports/lookup';

describe('without fault mode', () => {
  let plain: TestService;
  beforeAll(async () => {
    plain = await startTestService();
  });
  afterAll(() => plain.close());

  it('has no control endpoint and no plan', async () => {
    const anon = apiClient(plain.url, null);
    for (const method of ['GET', 'POST']) {
      const answer = await anon.request(method, '/__faults', method === 'POST' ? { next: [{ kind: 'drop' }] } : undefined);
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
    }
    expect(plain.faults).toBeUndefined();
    expect((await plain.client().get(LOOKUP)).status).toBe(200);
  });
});

describe('the control endpoint', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ faults: { spec: 'none', seed: 3 } });
  });
  afterAll(() => service.close());
  const control = () => apiClient(service.url, service.token);

  it('programs next and when faults over HTTP and reads the decisions back', async () => {
    const programmed = await control().post('/__faults', {
      clear: true,
      next: [{ kind: '429', retryAfter: 4 }],
      when: [{ method: 'GET', path: '/api/v1/participant_imports/:id', fault: { kind: '500' }, times: 'always' }],
    });
    expect(programmed.status).toBe(200);
    expect(programmed.body.response).toMatchObject({ seed: 3, pending: 2 });
    const api = service.client();
    const limited = await api.get(LOOKUP);
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '4']);
    expect((await api.get(LOOKUP)).status).toBe(200);
    expect((await api.get('/api/v1/participant_imports/1')).status).toBe(500);
    expect((await api.get('/api/v1/participant_imports/2')).status).toBe(500);
    const read = await control().get('/__faults');
    const decisions = read.body.response.decisions as { fault: { kind: string } | null; source: string | null; path: string }[];
    expect(decisions.slice(-4).map((d) => [d.fault?.kind ?? null, d.source])).toEqual([
      ['429', 'next'],
      [null, null],
      ['500', 'when'],
      ['500', 'when'],
    ]);
    await control().post('/__faults', { clear: true });
    expect((await api.get('/api/v1/participant_imports/1')).status).not.toBe(500);
  });

  it('refuses a bad schedule with 422 naming each problem, and programs nothing', async () => {
    const before = service.faults!.pending;
    const answer = await control().post('/__faults', { next: [{ kind: 'explode' }, { kind: 'drop', retryAfter: 3 }], when: [{ fault: { kind: 'latency' }, times: -1 }] });
    expect(answer.status).toBe(422);
    expect(answer.body.error.details.map((d: { field: string }) => d.field)).toEqual(['next.0.kind', 'next.1.retryAfter', 'when.0.times', 'when.0.fault.ms']);
    expect(service.faults!.pending).toBe(before);
  });

  it('answers 404 to a caller that is not on this machine', async () => {
    const remote = await service.app.inject({ method: 'GET', url: '/__faults', remoteAddress: '192.0.2.7' });
    expect(remote.statusCode).toBe(404);
    const local = await service.app.inject({ method: 'GET', url: '/__faults', remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${service.token}` } });
    expect(local.statusCode).toBe(200);
  });

  it('answers 401 in the one error body to a local caller without the API’s token', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const answer = await service.app.inject({ method: 'POST', url: '/__faults', remoteAddress: '127.0.0.1', headers, payload: { next: [{ kind: 'drop' }] } });
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error.code).toBe('unauthorized');
    }
    expect(service.faults!.pending).toBe(0);
  });
});

describe('a seeded spec', () => {
  const SPEC = 'drop=0.15,503=0.15,429=0.1:1,502-after=0.1';
  /** Statuses a fresh service answers to 40 lookups ("drop" when the connection closed). */
  async function statuses(seed: number): Promise<string[]> {
    const service = await startTestService({ faults: { spec: SPEC, seed } });
    try {
      const out: string[] = [];
      for (let i = 0; i < 40; i++) out.push(await service.client().get(LOOKUP).then((a) => String(a.status), () => 'drop'));
      return out;
    } finally {
      await service.close();
    }
  }

  it('gives the same answers for the same seed, and other answers for another', async () => {
    const [a, b, c] = [await statuses(11), await statuses(11), await statuses(12)];
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
    expect(new Set(a)).toEqual(new Set(['200', 'drop', '503', '429', '502']));
  });
});

describe('spec options', () => {
  it('refuses a bad spec with a clear sentence and lets go of the data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'muster-faults-'));
    try {
      const refused = startTestService({ dataDir, faults: { spec: 'drop=2' } });
      await expect(refused).rejects.toThrow(FaultSpecError);
      await expect(refused).rejects.toThrow('fault "drop=2": "2" is not a probability between 0 and 1');
      const again = await startTestService({ dataDir });
      await again.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('covers the token endpoint when the spec says oauth', async () => {
    const service = await startTestService({ faults: { spec: 'oauth' } });
    try {
      const app = createApplication(service.context.db, 1, 'Faulty laptop');
      const grant = { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret };
      service.faults!.next([{ kind: '503' }]);
      expect((await apiClient(service.url, null).post('/oauth/token', grant)).status).toBe(503);
      expect((await apiClient(service.url, null).post('/oauth/token', grant)).status).toBe(200);
    } finally {
      await service.close();
    }
  });
});
