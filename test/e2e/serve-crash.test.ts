import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assertBuilt, spawnServe } from '../support/built-cli';

const data = mkdtempSync(join(tmpdir(), 'muster-crash-'));
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(assertBuilt);
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(data, { recursive: true, force: true });
});

function serve(extra: string[]): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  const started = spawnServe(['--port', '0', '--data', data, '--seed', 'demo', '--tokens-out', join(data, 'tokens.json'), ...extra]);
  return started.then((run) => (children.push(run.child), run));
}

async function call(url: string, token: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { response: Record<string, any> };
}

it('finishes an import action killed with SIGKILL mid-job once restarted, every participant written once', async () => {
  const total = 600;
  const first = await serve(['--job-chunk-size', '20', '--job-pause-ms', '30']);
  const token = JSON.parse(readFileSync(join(data, 'tokens.json'), 'utf8')).tokens[0].token as string;
  const participants = Array.from({ length: total }, (_, i) => ({ external_id: `K${i}`, name: `Kill ${i}`, email: `kill${i}@example.com` }));
  const created = (await call(first.url, token, '/api/v1/participant_imports', { external_event_id: 4711, act_if_valid: true, participants })).response;
  const actionId = created.participant_import_action_id as number;

  let processed = 0;
  while (processed < 100) {
    await new Promise((r) => setTimeout(r, 20));
    processed = (await call(first.url, token, `/api/v1/participant_import_actions/${actionId}`)).response.progress.processed;
  }
  first.child.kill('SIGKILL');
  await new Promise((r) => first.child.once('exit', r));

  const killed = new Database(join(data, 'service.sqlite'), { readonly: true });
  const mid = killed.prepare('SELECT status, progress_processed AS processed FROM participant_import_actions WHERE id = ?').get(actionId) as { status: string; processed: number };
  killed.close();
  expect(mid.status).toBe('running');
  expect(mid.processed).toBeLessThan(total);

  // The lock file of the killed process is stale; the new one must take the folder over.
  const second = await serve([]);
  let action: Record<string, any> = {};
  for (let i = 0; i < 300 && !['completed', 'failed'].includes(action.status); i++) {
    await new Promise((r) => setTimeout(r, 50));
    action = (await call(second.url, token, `/api/v1/participant_import_actions/${actionId}`)).response;
  }
  expect(action.status).toBe('completed');
  expect(action.result).toMatchObject({ total, created: total, updated: 0 });
  second.child.kill('SIGTERM');
  await new Promise((r) => second.child.once('exit', r));

  const db = new Database(join(data, 'service.sqlite'), { readonly: true });
  const counts = db.prepare("SELECT COUNT(*) AS n, COUNT(DISTINCT external_id) AS distinct_ids FROM participants WHERE event_id = ? AND external_id LIKE 'K%'").get(created.event_id) as { n: number; distinct_ids: number };
  db.close();
  expect(counts).toEqual({ n: total, distinct_ids: total });
}, 60_000);
