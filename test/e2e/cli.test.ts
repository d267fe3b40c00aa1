import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const bin = join(root, 'bin/muster.js');

/** The built command line, as a person runs it; process.execPath is the pinned Node 22. */
function muster(args: string[]) {
  return spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', timeout: 20_000 });
}

/** Starts a long-running command; resolves once its stdout matches `ready`, with the stdout so far. */
function startLong(args: string[], ready: RegExp): Promise<{ child: ChildProcessWithoutNullStreams; stdout: string; stderr: () => string }> {
  const child = spawn(process.execPath, [bin, ...args], { cwd: root });
  let out = '';
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no "${ready}" within 15 s; stdout: ${out} stderr: ${err}`)), 15_000);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        done({ child, stdout: out, stderr: () => err });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`exited with ${code} before it was ready; stdout: ${out} stderr: ${err}`));
    });
  });
}

function exitOf(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null) return Promise.resolve({ code: child.exitCode, signal: null });
  return new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
}

describe('the muster command line, built and spawned', () => {
  let tmp: string;

  beforeAll(() => {
    if (!existsSync(join(root, 'out/cli/index.js'))) throw new Error('out/cli/index.js is missing: run `npm run build` first (npm test does).');
    tmp = mkdtempSync(join(tmpdir(), 'muster-cli-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('prints its commands for --help and exits 0', () => {
    const run = muster(['--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Usage: muster <command>');
    for (const command of ['serve', 'token', 'preview']) expect(run.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    expect(run.stderr).toBe('');
  });

  it('answers an unknown command with one line on stderr and exit 2, no stack', () => {
    const run = muster(['frobnicate']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toEqual(['muster: there is no command "frobnicate". Run `muster --help` for the list.']);
    expect(muster(['pusj']).stderr).toBe('muster: there is no command "pusj"; did you mean `muster push`? Run `muster --help` for the list.\n');
    expect(run.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it('answers a bad option with one line and exit 2', () => {
    const run = muster(['preview', '--port', 'x']);
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('--port takes a whole number');
  });

  it('serves the demo reference service, writes tokens that work, and stops cleanly on SIGTERM', async () => {
    const data = join(tmp, 'service');
    const tokensFile = join(tmp, 't.json');
    const { child, stdout } = await startLong(['serve', '--port', '0', '--data', data, '--seed', 'demo', '--tokens-out', tokensFile], /listening on http:\/\/\S+\n/);
    try {
      const url = stdout.match(/listening on (http:\/\/\S+)/)![1];
      const { tokens } = JSON.parse(readFileSync(tokensFile, 'utf8'));
      expect(tokens.length).toBeGreaterThanOrEqual(2);
      const lookup = await fetch(`${url}/api/v1/participant_imports/lookup`, { headers: { authorization: `Bearer ${tokens[0].token}` } });
      expect(lookup.status).toBe(200);
      const body = await lookup.json();
      expect(body.response.columns).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'email', required: true })]));
      const anonymous = await fetch(`${url}/api/v1/participant_imports/lookup`);
      expect(anonymous.status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exitOf(child)).toEqual({ code: 0, signal: null });
  });

  it('runs muster preview --demo: the UI, the AppApi and the demo service, until SIGTERM', async () => {
    const data = join(tmp, 'preview');
    const { child, stdout, stderr } = await startLong(['preview', '--port', '0', '--data', data, '--demo'], /Demo reference service: http:\/\/\S+/);
    try {
      const page = await fetch(stdout.match(/Muster preview: (http:\/\/\S+)/)![1]);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await page.text()).toContain('<div id="app">');
      expect(existsSync(join(data, 'demo-service', 'tokens.json'))).toBe(true);
      expect(stderr()).toBe('');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exitOf(child)).toEqual({ code: 0, signal: null });
  });
});
