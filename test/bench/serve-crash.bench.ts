/**
 * `npm run bench -- serve-crash`: an import action of 50,000 participants, the built service
 * killed with SIGKILL once about a fifth is written, then restarted on the same folder. The
 * job must finish exactly once: every participant written once, the counts right.
 */
import { killMidJob } from '../support/serve-crash';

const TOTAL = 50_000;

export async function serveCrashBenchmark(): Promise<object> {
  // Small chunks with a pause keep the job running long enough to be killed in the middle.
  const run = await killMidJob({ total: TOTAL, killAfter: 10_000, serveArgs: ['--job-chunk-size', '500', '--job-pause-ms', '5'], timeoutMs: 300_000 });
  const exactlyOnce = run.end.status === 'completed' && run.rows === TOTAL && run.distinctIds === TOTAL && run.end.result?.created === TOTAL;
  return {
    name: 'serve-crash',
    participants: TOTAL,
    killed_at_processed: run.atKill.processed,
    killed_status: run.atKill.status,
    end_status: run.end.status,
    created: run.end.result?.created ?? null,
    rows: run.rows,
    distinct_ids: run.distinctIds,
    seconds: Math.round(run.ms / 100) / 10,
    goal: 'completed once: 50,000 rows, 50,000 distinct ids, created 50,000',
    met: exactlyOnce,
  };
}
