import { expect, it } from 'vitest';
import { main } from '../../../src/cli/index';

async function muster(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => void out.push(t), err: (t) => void err.push(t) });
  return { code, out: out.join(''), err: err.join('') };
}

// A newcomer's first try was `muster push --help`, which answered "Unknown option '--help'".
it.each(['check', 'push', 'sync', 'pull', 'status', 'token', 'preview'])('muster %s --help prints the command line and exits 0', async (name) => {
  for (const flag of ['--help', '-h']) {
    const run = await muster([name, flag]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(new RegExp(`^Usage: muster ${name} \\S`));
    expect(run.err).toBe('');
  }
});
