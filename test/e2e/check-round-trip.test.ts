/**
 * `muster check in.xlsx --export out.csv`, then `muster check out.csv`: the same people come
 * back, every value as it was, in each format and with each separator `--export` writes.
 * The csv carries an apostrophe before a formula-looking cell for spreadsheet apps; Muster's
 * own reading takes it off, so an external id like `+1` stays `+1`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWorkbookBytes } from '../../src/services/sheets/read';
import { writeSheet } from '../../src/services/sheets/write';
import { HOSTILE_VALUES, TRIMMED_HOSTILE_VALUES } from '../fixtures/hostile-values';
import { assertBuilt, BIN } from '../support/built-cli';

let dir: string;

function check(args: string[]) {
  const run = spawnSync(process.execPath, [BIN, 'check', ...args, '--json', '--data', join(dir, 'data')], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as { participants: Record<string, unknown>[] };
}

const FIELDS = ['external_id', 'name', 'email', 'note'] as const;
const people = (participants: Record<string, unknown>[]) => participants.map((p) => Object.fromEntries(FIELDS.map((f) => [f, p[f]])));

beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'muster-check-round-trip-'));
  const rows = HOSTILE_VALUES.map((v, i) => [v, v, i % 7 === 0 ? v : `p${i}@example.com`, v]);
  writeFileSync(join(dir, 'in.xlsx'), writeSheet('xlsx', 'People', ['External ID', 'Name', 'E-mail', 'Note'], rows));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([
  ['out.xlsx', ''],
  ['out.csv', ''],
  ['semicolon.csv', '--delimiter semicolon'],
  ['tab.csv', '--delimiter tab'],
])('muster check in.xlsx --export %s %s, then muster check on it', (out, extra) => {
  const options = extra.split(' ').filter(Boolean);
  it('reads back the same people with every value unchanged', () => {
    const first = check(['in.xlsx', '--export', out, ...options]);
    expect(people(first.participants).map((p) => p.external_id)).toEqual(expect.arrayContaining(TRIMMED_HOSTILE_VALUES));
    // The file holds each value as checked...
    const [header, ...rows] = readWorkbookBytes(readFileSync(join(dir, out))).sheets[0].rows;
    const cells = (name: string) => rows.map((row) => row[header.indexOf(name)] ?? '');
    expect(cells('External ID')).toEqual(first.participants.map((p) => p.external_id ?? ''));
    expect(cells('Note')).toEqual(first.participants.map((p) => p.note ?? ''));
    // ...and checking it again gives the same people.
    const again = check([out]);
    expect(people(again.participants)).toEqual(people(first.participants));
  });
});
