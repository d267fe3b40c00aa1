import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, ROOT } from '../support/built-cli';
import { childrenOf, isRunning, stopsWithin, systemNode } from '../support/system-node';

/**
 * `muster serve` started by the machine's own Node, so bin/muster.js (where that Node is not
 * the pinned one) runs the command in a child under the pinned Node. Resolves once it listens,
 * with every process the launch started: the wrapper and what runs under it.
 */
function startServe(data: string): Promise<{ wrapper: ChildProcess; work: number[]; url: string }> {
  const wrapper = spawn(systemNode(), [BIN, 'serve', '--data', data, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  wrapper.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`not listening within 20 s: ${out} ${err}`)), 20_000);
    wrapper.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const url = /listening on (http:\/\/\S+)\n/.exec(out)?.[1];
      if (!url) return;
      clearTimeout(timer);
      done({ wrapper, work: [wrapper.pid!, ...childrenOf(wrapper.pid!)], url });
    });
    wrapper.once('exit', (code) => fail(new Error(`exited ${code}: ${err}`)));
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

describe('killing muster stops the work it started', () => {
  let tmp: string;
  let started: number[] = [];
  beforeAll(() => {
    assertBuilt();
    tmp = mkdtempSync(join(tmpdir(), 'muster-wrapper-'));
  });
  // A failing test must not leave a service running on this machine.
  afterEach(() => {
    for (const pid of started) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    started = [];
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('stops the command running under the pinned Node when the wrapper is killed outright', async () => {
    const { wrapper, work, url } = await startServe(join(tmp, 'killed'));
    started = work;
    expect(await answers(url)).toBe(true);
    wrapper.kill('SIGKILL');
    for (const pid of work) expect(await stopsWithin(pid, 8_000), `process ${pid} still runs`).toBe(true);
    expect(await answers(url)).toBe(false);
  });

  it('passes a termination signal on, and the command closes cleanly', async () => {
    const { wrapper, work, url } = await startServe(join(tmp, 'terminated'));
    started = work;
    const exited = new Promise<number | null>((done) => wrapper.once('exit', (code) => done(code)));
    wrapper.kill('SIGTERM');
    // serve closes on SIGTERM and ends with 0; a child that never got the signal would keep
    // the wrapper waiting.
    expect(await exited).toBe(0);
    for (const pid of work) expect(await stopsWithin(pid, 8_000), `process ${pid} still runs`).toBe(true);
    expect(await answers(url)).toBe(false);
  });
});
