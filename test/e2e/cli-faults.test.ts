import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

// `muster serve --faults`, built and spawned, programmed through its control endpoint the
// way the crash test and the campaign drive a service in a child process.
const root = resolve(__dirname, '../..');
let tmp: string;
beforeAll(() => {
  if (!existsSync(join(root, 'out/cli/index.js'))) throw new Error('out/cli/index.js is missing: run `npm run build` first (npm test does).');
  tmp = mkdtempSync(join(tmpdir(), 'muster-cli-faults-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

it('serves in fault mode: prints the seed, obeys POST /__faults, logs each fault, stops cleanly', async () => {
  const tokensFile = join(tmp, 'tokens.json');
  const args = ['serve', '--port', '0', '--data', join(tmp, 'data'), '--seed', 'demo', '--tokens-out', tokensFile, '--faults', 'none', '--faults-seed', '5'];
  const child = spawn(process.execPath, [join(root, 'bin/muster.js'), ...args], { cwd: root });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once('exit', (code, signal) => done({ code, signal })));
  try {
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`not ready within 15 s; stdout: ${stdout} stderr: ${stderr}`)), 15_000);
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
        if (/Fault mode on: .*\n/.test(stdout)) ready(void clearTimeout(timer));
      });
      void exited.then(() => fail(new Error(`exited before it was ready; stderr: ${stderr}`)));
    });
    expect(stdout).toMatch(/Fault mode on: none \(seed 5\); GET\/POST http:\/\/127\.0\.0\.1:\d+\/__faults/);
    const url = stdout.match(/listening on (http:\/\/\S+)/)![1];
    const auth = { authorization: `Bearer ${JSON.parse(readFileSync(tokensFile, 'utf8')).tokens[0].token}` };
    const unauthenticated = await fetch(`${url}/__faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ next: [{ kind: 'drop' }] }) });
    expect(unauthenticated.status).toBe(401);
    expect((await unauthenticated.json()).error.code).toBe('unauthorized');
    const program = await fetch(`${url}/__faults`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ next: [{ kind: 'drop' }, { kind: '503' }] }) });
    expect(program.status).toBe(200);

    const lookup = `${url}/api/v1/participant_imports/lookup`;
    await expect(fetch(lookup, { headers: auth })).rejects.toThrow(TypeError);
    expect((await fetch(lookup, { headers: auth })).status).toBe(503);
    expect((await fetch(lookup, { headers: auth })).status).toBe(200);
    const decisions = (await (await fetch(`${url}/__faults`, { headers: auth })).json()).response.decisions;
    expect(decisions.map((d: { fault: { kind: string } | null }) => d.fault?.kind ?? null)).toEqual(['drop', '503', null]);
    const warnings = stderr.trim().split('\n').map((line) => JSON.parse(line).msg);
    expect(warnings).toEqual(expect.arrayContaining(['fault injected: drop on GET /api/v1/participant_imports/lookup', 'fault injected: 503 on GET /api/v1/participant_imports/lookup']));
    expect(stderr).not.toContain(auth.authorization);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toEqual({ code: 0, signal: null });
});
