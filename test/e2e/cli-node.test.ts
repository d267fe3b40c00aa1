import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, ROOT } from '../support/built-cli';
import { systemNode } from '../support/system-node';

describe('bin/muster.js started by whatever Node a person has', () => {
  let tmp: string;
  beforeAll(() => {
    assertBuilt();
    tmp = mkdtempSync(join(tmpdir(), 'muster-node-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('opens the native SQLite mirror and ends with a sentence, never a crash, from another folder', () => {
    const node = systemNode();
    const run = spawnSync(node, [BIN, 'pull', '--server', 'http://127.0.0.1:9', '--data', 'mirror'], {
      cwd: tmp,
      env: { ...process.env, MUSTER_TOKEN: 'not-a-real-token', PATH: process.env.PATH },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.signal).toBeNull();
    expect(run.status).not.toBe(139);
    expect([1, 4]).toContain(run.status);
    expect(run.stderr).toMatch(/^muster pull: .+/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    // The relative --data was read from the folder the command ran in (made there; the
    // mirror a first pull that reached no service made is not left behind).
    expect(existsSync(join(tmp, 'mirror'))).toBe(true);
  });

  it('names the Node it needs when the pinned one cannot be used', () => {
    const node = systemNode();
    const version = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    const run = spawnSync(node, [BIN, '--help'], { cwd: ROOT, env: { ...process.env, MUSTER_PINNED_NODE: '1' }, encoding: 'utf8' });
    if (version.startsWith('22.')) {
      expect(run.status).toBe(0);
    } else {
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`needs Node 22 (it is running on Node ${version})`);
    }
  });
});
