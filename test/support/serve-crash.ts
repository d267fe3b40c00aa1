/**
 * The built `muster serve` killed with SIGKILL in the middle of an import action and started
 * again on the same folder: what the job left and how it ended. The end-to-end test runs it
 * small; `npm run bench -- serve-crash` runs it with 50,000 participants.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { spawnServe } from './built-cli';

export interface CrashRun {
  /** The action as the killed process left it in its database. */
  atKill: { status: string; processed: number };
  /** The action as the restarted service ended it. */
  end: { status: string; result: Record<string, number> | null };
  /** Participants of the import in the database afterwards, and how many distinct ids. */
  rows: number;
  distinctIds: number;
  ms: number;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(url: string, token: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { response: Record<string, any> };
}

export async function killMidJob(options: { total: number; killAfter: number; serveArgs?: string[]; timeoutMs?: number }): Promise<CrashRun> {
  const data = mkdtempSync(join(tmpdir(), 'muster-crash-'));
  const children: ChildProcessWithoutNullStreams[] = [];
  const serve = async (extra: string[]) => {
    const run = await spawnServe(['--port', '0', '--data', data, '--seed', 'demo', '--tokens-out', join(data, 'tokens.json'), ...extra]);
    children.push(run.child);
    return run;
  };
  const started = Date.now();
  try {
    const first = await serve(options.serveArgs ?? []);
    const token = JSON.parse(readFileSync(join(data, 'tokens.json'), 'utf8')).tokens[0].token as string;
    const participants = Array.from({ length: options.total }, (_, i) => ({ external_id: `K${i}`, name: `Kill ${i}`, email: `kill${i}@example.com` }));
    const created = (await call(first.url, token, '/api/v1/participant_imports', { external_event_id: 4711, act_if_valid: true, participants })).response;
    const actionId = created.participant_import_action_id as number;
    for (let processed = 0; processed < options.killAfter; ) {
      await pause(20);
      processed = (await call(first.url, token, `/api/v1/participant_import_actions/${actionId}`)).response.progress.processed;
    }
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const killed = new Database(join(data, 'service.sqlite'), { readonly: true });
    const atKill = killed.prepare('SELECT status, progress_processed AS processed FROM participant_import_actions WHERE id = ?').get(actionId) as CrashRun['atKill'];
    killed.close();

    // The lock file of the killed process is stale; the new one must take the folder over.
    const second = await serve([]);
    let action: Record<string, any> = {};
    const deadline = Date.now() + (options.timeoutMs ?? 15_000);
    while (!['completed', 'failed'].includes(action.status) && Date.now() < deadline) {
      await pause(50);
      action = (await call(second.url, token, `/api/v1/participant_import_actions/${actionId}`)).response;
    }
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
    const db = new Database(join(data, 'service.sqlite'), { readonly: true });
    const counts = db
      .prepare("SELECT COUNT(*) AS n, COUNT(DISTINCT external_id) AS distinct_ids FROM participants WHERE event_id = ? AND external_id LIKE 'K%'")
      .get(created.event_id) as { n: number; distinct_ids: number };
    db.close();
    return { atKill, end: { status: action.status, result: action.result ?? null }, rows: counts.n, distinctIds: counts.distinct_ids, ms: Date.now() - started };
  } finally {
    for (const child of children) child.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  }
}
