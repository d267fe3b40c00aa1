import { afterAll, beforeAll, expect, it } from 'vitest';
import { fuzzService } from '../../support/fuzz';
import { fuzzRawRequests, RAW_FUZZ_PATHS } from '../../support/fuzz-raw';
import { startTestService, type TestService } from '../../support/service';

// A few hundred hostile requests over every operation of the OpenAPI document; the bench
// (`npm run bench -- fuzz`) sends 10,000.
const logs: string[] = [];
let service: TestService;
beforeAll(async () => {
  service = await startTestService({ logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } } });
});
afterAll(() => service.close());

it('answers every hostile request with a 4xx in the one error body (or a success), never a 5xx, a stack in the log or a changed database on refusal', async () => {
  const report = await fuzzService({ baseUrl: service.url, token: service.token, db: service.context.db, logs, count: 400, seed: 20261124 });
  expect(report.problems).toEqual([]);
  expect(report.requests).toBe(400);
  // The generator reaches the service's refusals, not only its front door.
  expect(Object.keys(report.byStatus)).toEqual(expect.arrayContaining(['401', '422']));
}, 120_000);

it('answers header abuse (no Host, huge or many headers, duplicate lengths, broken chunks, odd request lines) with a 4xx in the one error body', async () => {
  const report = await fuzzRawRequests({ baseUrl: service.url, token: service.token, paths: RAW_FUZZ_PATHS, logs, count: 150, seed: 20261124 });
  expect(report.problems).toEqual([]);
  expect(report.requests).toBe(150);
}, 120_000);
