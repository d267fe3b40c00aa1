/**
 * The built command line (`npm run build`) for end-to-end tests: its paths, and `muster
 * serve` started as a separate process, so a test can kill it the way a power cut would.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'bin/muster.js');

/** The command line with the crash-test hook; never in a release (see buildTestCli). */
export const TEST_CLI = join(ROOT, 'out/cli-test/index.js');

/**
 * Builds TEST_CLI from the current sources (a few seconds), so a test that needs a seam the
 * release leaves out never runs against a stale copy.
 */
export function buildTestCli(): void {
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  const run = spawnSync(process.execPath, [vite, 'build', '-c', 'vite.cli-test.config.ts'], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the test build of the command line failed: ${run.stderr || run.stdout}`);
}

export function assertBuilt(): void {
  if (!existsSync(join(ROOT, 'out/cli/index.js'))) throw new Error('out/cli/index.js is missing: run `npm run build` first (npm test does).');
}

/** Runs `muster serve ARGS` and resolves with the process and its URL once it listens. */
export function spawnServe(args: readonly string[]): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { cwd: ROOT });
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
