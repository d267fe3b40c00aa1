/**
 * `npm run bench -- fuzz`: 10,000 hostile requests over every operation of the OpenAPI
 * document against the reference service; prints the answers counted by status and every
 * broken rule (goal: none — no 5xx, every error in the one body, no stack in the log, no
 * change from a refused write).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../../src/server/index';
import { fuzzService } from '../support/fuzz';

const COUNT = 10_000;

export async function fuzzBenchmark(): Promise<object> {
  const dir = mkdtempSync(join(tmpdir(), 'muster-fuzz-'));
  const logs: string[] = [];
  const service = await startService({ dataDir: dir, seed: 'demo', rateLimit: false, tokensOut: join(dir, 'tokens.json'), logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } } });
  try {
    const started = Date.now();
    const report = await fuzzService({ baseUrl: service.url, token: service.tokens[0].token, db: service.context.db, logs, count: COUNT, seed: Date.now() % 100_000 });
    return {
      name: 'fuzz',
      requests: report.requests,
      by_status: report.byStatus,
      problems: report.problems.length,
      first_problems: report.problems.slice(0, 10),
      seconds: Math.round((Date.now() - started) / 100) / 10,
      goal: 'no 5xx, every error in the one body, no stack in the log, refused writes change nothing',
      met: report.problems.length === 0 && report.requests === COUNT,
    };
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
