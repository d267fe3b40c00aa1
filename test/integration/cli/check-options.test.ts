/** `muster check` options in-process: the data folder it shares with push, and options refused in one line. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkCommand } from '../../../src/cli/commands/check';
import { UsageError } from '../../../src/cli/errors';
import { main } from '../../../src/cli/index';
import { dataDirOf } from '../../../src/cli/sync/session';
import { MAPPING_FILE } from '../../../src/services/intake/mapping-memory';

const dir = mkdtempSync(join(tmpdir(), 'muster-check-options-'));
const sheet = join(dir, 'list.csv');
/** Where a check that ignored the env it was given would write: never the real home folder. */
const elsewhere = join(dir, 'process-env-data');

beforeAll(() => {
  writeFileSync(sheet, 'Participant ID,Full Nmae,Emial,Langauge\nP-1,Ada Lovelace,ada@example.com,en_GB\nP-2,Alan Turing,alan@example.com,en_US\n');
  vi.stubEnv('MUSTER_DATA_DIR', elsewhere);
});
afterEach(() => vi.unstubAllEnvs());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[], env?: Record<string, string | undefined>) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t) };
  let code: number;
  try {
    code = await checkCommand(args, io, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { code: error.exitCode, out: '', err: error.message };
  }
  return { code, out: out.join(''), err: err.join('') };
}

const targets = (out: string) => (JSON.parse(out) as { columns: { maps_to: string }[] }).columns.map((c) => c.maps_to);

describe('the data folder', () => {
  it('is the one push uses (dataDirOf), from the env given: --map is remembered there and applied next time', async () => {
    vi.stubEnv('MUSTER_DATA_DIR', elsewhere);
    const env = { XDG_CONFIG_HOME: join(dir, 'config'), HOME: join(dir, 'home') };
    const folder = dataDirOf({}, env);
    expect(folder).toBe(join(dir, 'config', 'Muster'));

    const first = await run([sheet, '--json', '--map', 'Langauge=ignore'], env);
    expect(first.code).toBe(0);
    expect(targets(first.out)).toEqual(['external_id', 'name', 'email', 'ignore']);
    expect(existsSync(join(folder, MAPPING_FILE))).toBe(true);
    expect(existsSync(join(elsewhere, MAPPING_FILE))).toBe(false);

    const again = await run([sheet, '--json'], env);
    expect(targets(again.out)).toEqual(['external_id', 'name', 'email', 'ignore']);
    expect(JSON.parse(again.out).columns[3].reason).toBe('Confirmed earlier for these headers.');
  });

  it('takes MUSTER_DATA_DIR from the env given, and --data over it', async () => {
    const viaEnv = join(dir, 'via-env');
    const viaFlag = join(dir, 'via-flag');
    await run([sheet, '--json', '--map', 'D=ignore'], { MUSTER_DATA_DIR: viaEnv });
    await run([sheet, '--json', '--map', 'D=ignore', '--data', viaFlag], { MUSTER_DATA_DIR: viaEnv });
    expect(JSON.parse(readFileSync(join(viaEnv, MAPPING_FILE), 'utf8')).version).toBe(1);
    expect(JSON.parse(readFileSync(join(viaFlag, MAPPING_FILE), 'utf8')).version).toBe(1);
  });

  it('that is a file is refused in one sentence, exit 2, and the file is left alone', async () => {
    const file = join(dir, 'a-file.csv');
    writeFileSync(file, 'keep me');
    for (const extra of [[], ['--map', 'A=name']]) {
      const result = await run([sheet, '--data', file, ...extra]);
      expect(result).toEqual({ code: 2, out: '', err: `the data folder ${file} is a file, not a folder; give --data (or MUSTER_DATA_DIR) a folder.` });
    }
    expect(readFileSync(file, 'utf8')).toBe('keep me');
  });

  it('that cannot be created is refused in one sentence through main, exit 2', async () => {
    const file = join(dir, 'blocker');
    writeFileSync(file, 'x');
    const err: string[] = [];
    const code = await main(['check', sheet, '--data', join(file, 'data'), '--map', 'A=name'], { out: () => undefined, err: (t) => void err.push(t) });
    expect(code).toBe(2);
    expect(err).toEqual([`muster check: the mapping cannot be remembered in the data folder ${join(file, 'data')}: a part of its path is a file, not a folder.`]);
  });
});

describe('options refused in one line, exit 2', () => {
  const data = join(dir, 'refused-data');
  beforeAll(() => mkdirSync(data, { recursive: true }));

  it.each([
    [['--max-mb', '0'], '--max-mb is the largest file to read, in MB: 1 or more.'],
    [['--max-mb', '-3'], '--max-mb is the largest file to read, in MB: 1 or more.'],
    [['--max-mb=-3'], '--max-mb is the largest file to read, in MB: 1 or more.'],
    [['--header-row', '-1'], '--header-row counts from 1.'],
    [['--header-row', '0'], '--header-row counts from 1.'],
    [['--header-row', '1.5'], '--header-row takes a whole number, not "1.5".'],
    [['--event', '-2'], '--event takes a whole number, not "-2".'],
    [['--json', '--cells', '--export', join(dir, 'out.csv')], '--export writes the checked rows, --cells prints the cells as read; give one of them.'],
  ])('%j', async (args, message) => {
    expect(await run([sheet, '--data', data, ...args])).toEqual({ code: 2, out: '', err: message });
    expect(existsSync(join(dir, 'out.csv'))).toBe(false);
  });
});

describe('--export of a cell too long for xlsx', () => {
  it('is refused in one sentence naming the cell, exit 2, and nothing is written; csv takes it whole', async () => {
    const long = join(dir, 'long-note.csv');
    writeFileSync(long, `Name,Email,Note\nAda,ada@example.com,${'n'.repeat(40_000)}\n`);
    const data = ['--data', join(dir, 'export-data')];
    const out = join(dir, 'long-out.xlsx');
    const refused = await run([long, '--export', out, ...data]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/^Row 2, column [A-Z]+ \(“Note”\) holds 40,000 characters, more than the 32,767 an xlsx cell can hold; export to a \.csv file instead\.$/);
    expect(existsSync(out)).toBe(false);
    expect((await run([long, '--export', join(dir, 'long-out.csv'), ...data])).code).toBe(0);
    expect(readFileSync(join(dir, 'long-out.csv'), 'utf8')).toContain('n'.repeat(40_000));
  });
});
