import { beforeAll, expect, it } from 'vitest';
import { assertBuilt } from '../support/built-cli';
import { killMidJob } from '../support/serve-crash';

beforeAll(assertBuilt);

it('finishes an import action killed with SIGKILL mid-job once restarted, every participant written once', async () => {
  const total = 600;
  const run = await killMidJob({ total, killAfter: 100, serveArgs: ['--job-chunk-size', '20', '--job-pause-ms', '30'] });
  expect(run.atKill.status).toBe('running');
  expect(run.atKill.processed).toBeLessThan(total);
  expect(run.end.status).toBe('completed');
  expect(run.end.result).toMatchObject({ total, created: total, updated: 0 });
  expect([run.rows, run.distinctIds]).toEqual([total, total]);
}, 60_000);
