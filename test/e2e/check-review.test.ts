/** `muster check` on sheets found read wrong in the third review, run as a person runs it (out/cli). */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const bin = join(root, 'bin/muster.js');
let dir: string;

function muster(args: string[]) {
  const { MUSTER_DATA_DIR: _ignored, ...env } = process.env;
  return spawnSync(process.execPath, [bin, ...args, '--data', join(dir, 'data')], { cwd: dir, encoding: 'utf8', timeout: 30_000, env });
}

function json(args: string[]) {
  const run = muster([...args, '--json']);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout);
}

beforeAll(() => {
  if (!existsSync(join(root, 'out/cli/index.js'))) throw new Error('out/cli/index.js is missing: run `npm run build` first (npm test does).');
  dir = mkdtempSync(join(tmpdir(), 'muster-check-review-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sheets found read wrong in the third review', () => {
  it('leaves a blank e-mail blank beside a parent’s e-mail column: two rows invalid, none merged', () => {
    writeFileSync(join(dir, 'parent.csv'), 'Name,Email,Parent email\nAnna Kid,,mom@x.com\nBen Kid,,mom@x.com\nCarl,c@x.com,d@x.com\n');
    const result = json(['check', 'parent.csv']);
    expect(result.columns.map((c: { maps_to: string }) => c.maps_to)).toEqual(['name', 'email', 'ignore']);
    expect(result.summary).toEqual({ total: 3, valid: 1, invalid: 2, duplicates: 0, identity_conflicts: 0 });
    expect(result.participants.map((p: { source_row: number; invalid_fields: string[] }) => [p.source_row, p.invalid_fields])).toEqual([[2, ['email']], [3, ['email']], [4, []]]);
  });

  it('reads a title line over a “Last name, First name” list as a title over two columns', () => {
    writeFileSync(join(dir, 'workshop.csv'), 'Workshop participants\nLast name, First name\nMüller, Hans\nSchmidt, Eva\n');
    const result = json(['check', 'workshop.csv']);
    expect(result.header_row).toBe(2);
    expect(result.participants.map((p: { name: string }) => p.name)).toEqual(['Hans Müller', 'Eva Schmidt']);
  });

  it('refuses to export a cell too long for xlsx in one line, exit 2', () => {
    writeFileSync(join(dir, 'long.csv'), `Name,Email,Note\nAda,ada@example.com,${'n'.repeat(40_000)}\n`);
    const run = muster(['check', 'long.csv', '--export', 'long-out.xlsx']);
    expect([run.status, run.stdout]).toEqual([2, '']);
    expect(run.stderr).toMatch(/^muster check: Row 2, column [A-Z]+ \(“Note”\) holds 40,000 characters, more than the 32,767 an xlsx cell can hold; export to a \.csv file instead\.\n$/);
    expect(existsSync(join(dir, 'long-out.xlsx'))).toBe(false);
  });
});
