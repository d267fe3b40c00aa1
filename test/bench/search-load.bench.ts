/**
 * `npm run bench -- search-load`: subject search on the reference service holding 100,000
 * subjects, from 20 concurrent clients on loopback for 30 s; each asks the search of the
 * mirror's benchmark (a term and three filters, first page of 50). Prints p50, p95 and p99 of the
 * answer time and the errors; goal p99 ≤ 100 ms with 0 errors. The service runs in its own
 * process, as a real one would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveSeeded } from './pull.bench';
import { searchBody as body } from './search-mirror.bench';

const CLIENTS = 20;
const SECONDS = 30;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null;

export async function searchLoadBenchmark(): Promise<object> {
  const dir = mkdtempSync(join(tmpdir(), 'muster-search-load-'));
  const service = await serveSeeded(join(dir, 'service'));
  const times: number[] = [];
  const statuses = new Map<string, number>();
  let n = 0;
  try {
    const end = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < end) {
          const started = performance.now();
          let status: string;
          try {
            const answer = await fetch(`${service.url}/api/v1/subjects/search`, {
              method: 'POST',
              headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
              body: JSON.stringify(body(n++)),
            });
            await answer.arrayBuffer();
            status = String(answer.status);
          } catch {
            status = 'no answer';
          }
          times.push(performance.now() - started);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
  } finally {
    service.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  const sorted = times.sort((a, b) => a - b);
  const errors = times.length - (statuses.get('200') ?? 0);
  const p99 = percentile(sorted, 99);
  return {
    name: 'search-load',
    subjects: 100_000,
    clients: CLIENTS,
    seconds: SECONDS,
    requests: times.length,
    per_second: Math.round(times.length / SECONDS),
    p50_ms: Math.round(percentile(sorted, 50) ?? 0),
    p95_ms: Math.round(percentile(sorted, 95) ?? 0),
    p99_ms: Math.round(p99 ?? 0),
    errors,
    statuses: Object.fromEntries(statuses),
    goal: 'p99 <= 100 ms, 0 errors',
    met: p99 !== null && p99 <= 100 && errors === 0,
  };
}
