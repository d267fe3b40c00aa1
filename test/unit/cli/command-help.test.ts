import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { COMMANDS, EXIT_CODES, main } from '../../../src/cli/index';

async function muster(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => void out.push(t), err: (t) => void err.push(t) });
  return { code, out: out.join(''), err: err.join('') };
}

// A newcomer's first try was `muster push --help`, which answered "Unknown option '--help'".
it.each(['check', 'push', 'sync', 'pull', 'status', 'list', 'serve', 'token', 'preview'])('muster %s --help prints the command line and exits 0', async (name) => {
  for (const flag of ['--help', '-h']) {
    const run = await muster([name, flag]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(new RegExp(`^Usage: muster ${name} \\S`));
    expect(run.out).toMatch(/\nOptions:\n {2}--/);
    expect(run.out).toMatch(new RegExp(`\\nExamples?:\\n {2}(MUSTER_TOKEN=… )?muster ${name}\\b`));
    expect(run.err).toBe('');
  }
});

it('muster help COMMAND says what COMMAND --help says', async () => {
  expect(await muster(['help', 'push'])).toEqual(await muster(['push', '--help']));
});

it('muster --version prints the version of package.json', async () => {
  const { version } = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8'));
  expect(await muster(['--version'])).toEqual({ code: 0, out: `${version}`, err: '' });
});

it('lists the exit codes in muster --help', async () => {
  const { out } = await muster(['--help']);
  for (const code of ['0', '1', '2', '3', '4', '130']) expect(out).toMatch(new RegExp(`^  ${code} +\\S`, 'm'));
});

it.each([
  [['push', 'x.csv', '--evnt', '3'], 'muster push: there is no option --evnt; did you mean --event? (--help lists the options).'],
  [['check', 'x.csv', '--jsn'], 'muster check: there is no option --jsn; did you mean --json? (--help lists the options).'],
  [['push', 'x.xlsx', '--skip-invalidd'], 'muster push: there is no option --skip-invalidd; did you mean --skip-invalid? (--help lists the options).'],
  [['status', '--frobnicate'], 'muster status: there is no option --frobnicate (--help lists the options).'],
  [['pull', '--server'], 'muster pull: --server needs a value, as in --server VALUE.'],
])('answers %j in a sentence with the nearest spelling', async (args, sentence) => {
  const run = await muster(args);
  expect(run).toEqual({ code: 2, out: '', err: `${sentence}` });
});

it('has the same exit code table in the README as in muster --help', async () => {
  const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8');
  const rows = [...readme.matchAll(/^\| (\d+) \| (.+) \|$/gm)].map((m) => [Number(m[1]), m[2]]);
  expect(rows).toEqual(EXIT_CODES.map(([code, meaning]) => [code, meaning]));
});

it('check --export FILE.csv --delimiter semicolon writes a semicolon file; --delimiter alone is a usage error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'muster-delimiter-'));
  try {
    const sheet = join(dir, 'list.csv');
    writeFileSync(sheet, 'Name,E-mail\nAda,ada@example.com\n');
    const out = join(dir, 'out.csv');
    const run = await muster(['check', sheet, '--data', join(dir, 'data'), '--export', out, '--delimiter', 'semicolon']);
    expect(run.code).toBe(0);
    expect(readFileSync(out, 'utf8').replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Sheet row;Status;Problems;Warnings;/);
    expect(await muster(['check', sheet, '--delimiter', 'semicolon'])).toEqual({ code: 2, out: '', err: 'muster check: --delimiter goes with --export FILE.csv.' });
    expect((await muster(['check', sheet, '--export', out, '--delimiter', 'pipe'])).err).toBe('muster check: --delimiter takes comma, semicolon or tab, not "pipe".');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('lists the same options for each command in the README as in its --help', () => {
  const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8');
  for (const [name, { help }] of Object.entries(COMMANDS)) {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`muster ${name} `));
    expect(row, `a README row for muster ${name}`).toBeDefined();
    const inReadme = new Set([...row!.split(' | ')[0].matchAll(/--[a-z][a-z-]*/g)].map((m) => m[0]));
    const inHelp = new Set(help.options.map((o) => /^--[a-z][a-z-]*/.exec(o.flag)![0]));
    expect([name, [...inReadme].sort()]).toEqual([name, [...inHelp].sort()]);
  }
});

/** A slip of two letters: the last letter doubled and a letter dropped, or two letters added to a short name. */
const slips = (name: string) => [`${name}${name.at(-1)}`, name.length > 4 ? `${name.slice(0, 2)}${name.slice(3)}${name.at(-1)}` : `${name}xx`];

it('answers a slip of up to two letters in any option of any command with that option', async () => {
  let tried = 0;
  for (const [command, { help }] of Object.entries(COMMANDS)) {
    const names = help.options.map((o) => /^--([a-z][a-z-]*)/.exec(o.flag)![1]);
    for (const name of names) {
      for (const typed of slips(name)) {
        if (names.includes(typed)) continue;
        const run = await muster([command, `--${typed}`]);
        const suggested = /did you mean --([a-z-]+)\?/.exec(run.err)?.[1];
        expect([command, typed, run.code, suggested]).toEqual([command, typed, 2, name]);
        tried++;
      }
    }
  }
  expect(tried).toBeGreaterThan(40);
});

it('has a row for every command in the README’s command table, and no other', async () => {
  const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('## The `muster` command line'));
  const named = new Set([...table.matchAll(/^\| `muster ([a-z-]+)/gm)].map((m) => m[1]));
  expect([...named].sort()).toEqual(Object.keys(COMMANDS).sort());
});
