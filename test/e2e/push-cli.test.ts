import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assertBuilt, BIN, ROOT, spawnServe } from '../support/built-cli';

// The built `muster push` interrupted with Ctrl-C (SIGINT) mid-job: it stops cleanly with
// exit 130 and a sentence, `muster status` shows the push waiting, and `muster sync`
// finishes it with one import and one action.
const tmp = mkdtempSync(join(tmpdir(), 'muster-push-cli-'));
let server: ChildProcessWithoutNullStreams;
let url = '';
let token = '';

beforeAll(async () => {
  assertBuilt();
  ({ child: server, url } = await spawnServe(['--port', '0', '--data', join(tmp, 'service'), '--seed', 'demo', '--tokens-out', join(tmp, 'tokens.json'), '--job-chunk-size', '10', '--job-pause-ms', '50']));
  token = JSON.parse(readFileSync(join(tmp, 'tokens.json'), 'utf8')).tokens[0].token;
}, 20_000);
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

function muster(args: string[], onErr?: (text: string, child: ChildProcessWithoutNullStreams) => void) {
  const child = spawn(process.execPath, [BIN, ...args, '--server', url, '--data', join(tmp, 'mirror')], { cwd: ROOT, env: { ...process.env, MUSTER_TOKEN: token } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
    onErr?.(stderr, child);
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => child.once('exit', (code) => done({ code, stdout, stderr })));
}

it('Ctrl-C mid-job saves the push; status shows it; sync finishes it once', async () => {
  const file = join(tmp, 'list.csv');
  writeFileSync(file, ['External ID,Name,E-Mail', ...Array.from({ length: 200 }, (_, i) => `i${i},Person ${i},i${i}@example.com`)].join('\n'));
  let sent = false;
  const pushed = await muster(['push', file, '--event', '4711'], (text, child) => {
    if (!sent && /Import action: running/.test(text)) {
      sent = true;
      child.kill('SIGINT');
    }
  });
  expect(pushed.code, pushed.stderr).toBe(130);
  expect(pushed.stderr).toMatch(/muster push: interrupted; the push is saved: run `muster sync --server http:\/\/127\.0\.0\.1:\d+` to finish it\./);

  const status = await muster(['status']);
  expect(status.code).toBe(0);
  expect(status.stdout).toMatch(/Outbox: 2 waiting, 0 being sent, 3 sent, 0 refused, 0 blocked\./);
  expect(status.stdout).toMatch(/draft 1 list\.csv → event 4711: pushing, import \d+, action \d+ running/);

  const synced = await muster(['sync', '--json']);
  expect(synced.code, synced.stderr).toBe(0);
  const { drafts } = JSON.parse(synced.stdout);
  expect(drafts).toEqual([expect.objectContaining({ state: 'pushed', actionStatus: 'completed', result: expect.objectContaining({ created: 200 }) })]);
  const get = async (path: string) => (await (await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()).response;
  const imports = await get(`/api/v1/participant_imports/${drafts[0].importId}`);
  expect((await get(`/api/v1/participant_imports?event_id=${imports.event_id}`)).count).toBe(1);
  expect((await get(`/api/v1/participant_import_actions?participant_import_id=${imports.id}`)).count).toBe(1);
}, 30_000);
