/**
 * `npm run bench -- export-load`: one company exports its 100,000 subjects while another
 * company searches without pause. Prints the export's time, the service's memory above idle
 * during it (goal ≤ 100 MB) and the other company's search p50/p99 meanwhile (goal p99 ≤
 * 100 ms, 0 errors).
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveSeeded } from './pull.bench';

/** A process's resident memory now and at its peak, in MB (Linux). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function exportLoadBenchmark(): Promise<object> {
  const dir = mkdtempSync(join(tmpdir(), 'muster-export-load-'));
  const service = await serveSeeded(join(dir, 'service'));
  const post = (token: string, path: string, body: object) =>
    fetch(`${service.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  try {
    // Warm up both paths, then take the idle figure.
    await (await post(service.otherToken, '/api/v1/subjects/search', { per: 20 })).arrayBuffer();
    const idle = memoryOf(service.child.pid!).rss;
    const started = performance.now();
    let exporting = true;
    const exported = post(service.token, '/api/v1/subjects/export', { include_archived: true }).then(async (answer) => {
      const body = (await answer.json()) as { response?: { byte_size: number } };
      exporting = false;
      return { status: answer.status, bytes: body.response?.byte_size ?? 0, seconds: (performance.now() - started) / 1000 };
    });
    const times: number[] = [];
    let errors = 0;
    while (exporting) {
      const t = performance.now();
      const answer = await post(service.otherToken, '/api/v1/subjects/search', { per: 20, search_term: 'a' });
      await answer.arrayBuffer();
      times.push(performance.now() - t);
      if (answer.status !== 200) errors++;
    }
    const result = await exported;
    const peak = memoryOf(service.child.pid!).peak;
    const sorted = times.sort((a, b) => a - b);
    const aboveIdle = Math.round(peak - idle);
    const p99 = percentile(sorted, 99);
    return {
      name: 'export-load',
      subjects: 100_000,
      export_status: result.status,
      export_seconds: Math.round(result.seconds * 10) / 10,
      export_mb: Math.round((result.bytes / 1048576) * 10) / 10,
      memory_above_idle_mb: aboveIdle,
      other_company_searches: times.length,
      other_p50_ms: Math.round(percentile(sorted, 50)),
      other_p99_ms: Math.round(p99),
      other_errors: errors,
      goal: 'memory above idle <= 100 MB; the other company p99 <= 100 ms, 0 errors',
      met: result.status === 201 && aboveIdle <= 100 && p99 <= 100 && errors === 0,
    };
  } finally {
    service.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
