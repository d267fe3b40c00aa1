/**
 * `npm run bench -- fuzz`: 10,000 hostile requests over every operation of the OpenAPI
 * document (deep nesting, bytes that are not UTF-8 and odd content types among them) and
 * 1,000 raw requests abusing headers, against the reference service; prints the answers
 * counted by status and every broken rule (goal: none — no 5xx, every error in the one
 * body, no stack in the log, no change from a refused write).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../../src/server/index';
import { fuzzService } from '../support/fuzz';
import { fuzzRawRequests, RAW_FUZZ_PATHS } from '../support/fuzz-raw';

const COUNT = 10_000;
const RAW_COUNT = 1_000;

export async function fuzzBenchmark(): Promise<object> {
  const dir = mkdtempSync(join(tmpdir(), 'muster-fuzz-'));
  const logs: string[] = [];
  const service = await startService({ dataDir: dir, seed: 'demo', rateLimit: false, tokensOut: join(dir, 'tokens.json'), logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } } });
  try {
    const started = Date.now();
    const seed = Date.now() % 100_000;
    const token = service.tokens[0].token;
    const report = await fuzzService({ baseUrl: service.url, token, db: service.context.db, logs, count: COUNT, seed });
    const raw = await fuzzRawRequests({ baseUrl: service.url, token, paths: RAW_FUZZ_PATHS, logs, count: RAW_COUNT, seed });
    const problems = [...report.problems, ...raw.problems];
    const fiveHundreds = [report.byStatus, raw.byStatus].flatMap((counts) => Object.entries(counts)).filter(([status]) => Number(status) >= 500).reduce((sum, [, n]) => sum + n, 0);
    return {
      name: 'fuzz',
      seed,
      requests: report.requests,
      by_status: report.byStatus,
      raw_requests: raw.requests,
      raw_by_status: raw.byStatus,
      status_5xx: fiveHundreds,
      problems: problems.length,
      first_problems: problems.slice(0, 10),
      seconds: Math.round((Date.now() - started) / 100) / 10,
      goal: 'no 5xx, every error in the one body, no stack in the log, refused writes change nothing',
      met: problems.length === 0 && report.requests === COUNT && raw.requests === RAW_COUNT,
    };
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
