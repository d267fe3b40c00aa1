import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const script = join(root, 'scripts/start.mjs');

/**
 * The electron package honours ELECTRON_OVERRIDE_DIST_PATH without downloading anything, so
 * these tests choose whether "Electron" is there: an empty folder (it is not) or a folder
 * with a stand-in binary that reports how it was started.
 */
function start(electronDir: string, args: string[] = []) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: electronDir, ELECTRON_EXEC_PATH: '' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

async function until(condition: () => boolean, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('npm start (scripts/start.mjs)', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'muster-start-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('runs the built app in Electron when the binary is usable', async () => {
    const dir = join(tmp, 'electron');
    mkdirSync(dir);
    const marker = join(tmp, 'electron-ran.txt');
    writeFileSync(join(dir, 'electron'), `#!/bin/sh\necho "$PWD $*" > '${marker}'\n`);
    chmodSync(join(dir, 'electron'), 0o755);
    const run = start(dir);
    expect(await run.exited).toBe(0);
    // electron-vite preview starts Electron on the project folder, whose package.json main is out/main.
    expect(readFileSync(marker, 'utf8').trim()).toBe(`${root} .`);
    expect(run.out()).not.toContain('not available');
  });

  it('falls back to the browser preview with the demo service, says so in one line, and stops on SIGTERM', async () => {
    const empty = join(tmp, 'no-electron');
    mkdirSync(empty);
    const run = start(empty, ['--port', '0', '--data', join(tmp, 'data')]);
    try {
      await until(() => run.out().includes('Demo reference service:'), 'the preview to start');
      const lines = run.out().trim().split('\n');
      expect(lines[0]).toBe('Electron is not available on this machine, so Muster runs in your browser instead: open the address below.');
      const url = run.out().match(/Muster preview: (http:\/\/\S+)/)![1];
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(run.err()).toBe('');
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
  });
});
