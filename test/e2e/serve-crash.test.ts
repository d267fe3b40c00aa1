import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const bin = join(root, 'bin/muster.js');
const data = mkdtempSync(join(tmpdir(), 'muster-crash-'));
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(() => {
  if (!existsSync(join(root, 'out/cli/index.js'))) throw new Error('out/cli/index.js is missing: run `npm run build` first (npm test does).');
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(data, { recursive: true, force: true });
});

/** `muster serve` as a separate process, so it can be killed the way a power cut would. */
function serve(extra: string[]): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  const args = ['serve', '--port', '0', '--data', data, '--seed', 'demo', '--tokens-out', join(data, 'tokens.json'), ...extra];
  const child = spawn(process.execPath, [bin, ...args], { cwd: root });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`not listening within 15 s: ${out} ${err}`)), 15_000);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const url = /listening on (http:\/\/\S+)\n/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        done({ child, url });
      }
    });
    child.once('exit', (code) => fail(new Error(`exited ${code}: ${err}`)));
  });
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
