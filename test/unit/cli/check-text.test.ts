import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';

const dir = mkdtempSync(join(tmpdir(), 'muster-check-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function check(rows: string[]) {
  const file = join(dir, 'list.csv');
  writeFileSync(file, rows.join('\n'));
  const out: string[] = [];
  const code = await main(['check', file, '--data', join(dir, 'data')], { out: (t) => void out.push(t), err: () => {} });
  return { code, lines: out.join('').split('\n') };
}

it('names the columns it ignored and how to map one', async () => {
  const { lines } = await check(['Name,E-mail,Lieblingsfarbe', 'Ada,ada@example.com,blau']);
  expect(lines[1]).toBe('Columns: A “Name” → name, B “E-mail” → email; ignored: C “Lieblingsfarbe” (map one with --map COLUMN=TARGET)');
});

it('lists the rows whose locale was blank, and other notes on rows, before the summary', async () => {
  const { code, lines } = await check(['Name,E-mail,Language', 'Ada,ada@example.com,', 'Bob,bob@example.com,de_DE', 'Cy,cy@example.com,']);
  expect(code).toBe(0);
  expect(lines.slice(lines.indexOf('Notes on rows:'))).toEqual([
    'Notes on rows:',
    '  Row 2: Locale was blank; en_US assumed.',
    '  Row 4: Locale was blank; en_US assumed.',
    '',
    '3 participants: 3 valid, 0 invalid, 0 duplicates.',
  ]);
});

it('says where a corrected mapping is remembered and forgets it with --forget-mapping', async () => {
  const file = join(dir, 'mapped.csv');
  writeFileSync(file, 'Kennung,Name,Kontakt\nk1,Ada,ada@example.com\n');
  const run = async (...args: string[]) => {
    const out: string[] = [];
    await main(['check', file, '--data', join(dir, 'mapdata'), ...args], { out: (t) => void out.push(t), err: () => {} });
    return out.join('');
  };
  expect(await run('--map', 'Kennung=note')).toContain(`Note: The corrected mapping is remembered for sheets with these headers (in ${join(dir, 'mapdata', 'mappings.json')}); muster check ${file} --forget-mapping forgets it.`);
  expect(await run()).toContain('A “Kennung” → note');
  const forgot = await run('--forget-mapping');
  expect(forgot).toContain('Note: The mapping remembered for these headers was forgotten; the columns were mapped afresh.');
  expect(forgot).toContain('A “Kennung” → external_id');
  expect(await run()).toContain('A “Kennung” → external_id');
});

it('says what --export wrote where', async () => {
  const file = join(dir, 'export-me.csv');
  writeFileSync(file, 'Name,E-mail\nAda,ada@example.com\nBob,bob@example.com\n');
  const out: string[] = [];
  await main(['check', file, '--data', join(dir, 'data'), '--export', join(dir, 'out.xlsx')], { out: (t) => void out.push(t), err: () => {} });
  expect(out.join('')).toContain(`Note: Wrote 2 rows with their status and problems to ${join(dir, 'out.xlsx')}.`);
});

it('lists each flagged row’s suggested fixes under its problems', async () => {
  const { lines } = await check(['Name,E-mail,Language', 'Ada,ada@gmial.com,Deutsch', 'Bob,bob@hotmail,en_CA', 'Cy,cy@example.com,de_DE']);
  const start = lines.findIndex((l) => l.startsWith('Row '));
  const table = lines.slice(start, lines.indexOf('', start));
  expect(table.some((l) => /^ +Suggested e-mail: ada@gmail\.com$/.test(l))).toBe(true);
  expect(table.some((l) => /^ +Suggested locale: de_DE$/.test(l))).toBe(true);
  expect(table.some((l) => /^ +Suggested e-mail, to choose: bob@hotmail\.com \| bob@hotmail\.de/.test(l))).toBe(true);
  expect(table.some((l) => /^ +Suggested locale, to choose: en_US \| en_AU \| en_GB$/.test(l))).toBe(true);
  expect(table.join('\n')).not.toMatch(/cy@example/);
});
