import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';

const data = mkdtempSync(join(tmpdir(), 'muster-serve-faults-'));
afterAll(() => rmSync(data, { recursive: true, force: true }));

async function muster(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => void out.push(t), err: (t) => void err.push(t) });
  return { code, out: out.join(''), err: err.join('') };
}

it('explains the fault spec in `muster serve --help`', async () => {
  const run = await muster(['serve', '--help']);
  expect(run.code).toBe(0);
  for (const text of ['--faults SPEC', '--faults-seed N', 'KIND=P[:ARG]', 'KIND@N[:ARG]', '503-after', 'Retry-After', 'expire-token', '/__faults', 'default: off']) {
    expect(run.out).toContain(text);
  }
});

it.each([
  [['--faults', 'drop=2'], 'muster serve: --faults: fault "drop=2": "2" is not a probability between 0 and 1. See `muster serve --help` for the syntax.'],
  [['--faults', 'drop=0.1,teleport=0.1'], 'muster serve: --faults: fault "teleport=0.1": unknown fault kind "teleport". See `muster serve --help` for the syntax.'],
  [['--faults-seed', '4'], 'muster serve: --faults-seed needs --faults SPEC.'],
  [['--faults', 'drop=0.1', '--faults-seed', 'x'], 'muster serve: --faults-seed takes a whole number, not "x".'],
])('refuses %j with one line and exit 2, before touching the data folder', async (extra, line) => {
  const run = await muster(['serve', '--data', data, '--port', '0', ...extra]);
  expect(run.code).toBe(2);
  expect(run.err).toBe(line);
  expect(run.out).toBe('');
  expect(readdirSync(data)).toEqual([]);
});
