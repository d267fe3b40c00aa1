import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkResultTable, checkSheet, participantTable } from '../../../../src/core/intake';
import type { ParticipantInput } from '../../../../src/core/contract/imports';
import { ExportError, exportTable } from '../../../../src/services/exports/participant-export';
import { readWorkbookBytes } from '../../../../src/services/sheets/read';
import { parseCsv } from '../../../../src/services/sheets/csv';

const dir = mkdtempSync(join(tmpdir(), 'muster-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PARTICIPANTS: ParticipantInput[] = [
  { external_id: '00123', name: 'Zoë Ünal', email: 'zoe@example.com', locale: 'de_DE', note: 'line one\nline two',
    demographics: [{ demographic_category_name: 'Gender', demographic_name: 'Female' }, { demographic_category_name: 'Age Group', demographic_name: '25-34' }] },
  { external_id: '4567', name: '=HYPERLINK("http://evil.example","click")', email: '@attacker.example', locale: 'en_US', note: '+1 555 0100',
    demographics: [{ demographic_category_name: 'gender', demographic_name: 'Male' }] },
  { external_id: '', name: '-2+3', email: 'plain@example.com', locale: '', note: '<b>bold</b>', demographics: [] },
];

const DANGEROUS = /^[=+\-@\t\r\n]/;
const trimRow = (row: string[]) => {
  const copy = [...row];
  while (copy.length > 0 && copy[copy.length - 1] === '') copy.pop();
  return copy;
};

describe.each(['xlsx', 'csv'] as const)('a participant list exported as %s', (format) => {
  it('reads back cell for cell, formula-looking cells guarded in the csv (kept as text in xlsx), nothing else changed', async () => {
    const table = participantTable(PARTICIPANTS);
    const path = join(dir, `list.${format}`);
    await exportTable(path, 'Participants', table);
    const back = readWorkbookBytes(readFileSync(path)).sheets[0].rows;
    expect(table.header).toEqual(['External ID', 'Name', 'E-mail', 'Locale', 'Note', 'Gender', 'Age Group']);
    // Muster's reader takes the csv's guard off: the list comes back as it was written.
    expect(back).toEqual([table.header, ...table.rows].map(trimRow));
    expect(back[2][1]).toBe('=HYPERLINK("http://evil.example","click")');
    if (format === 'csv') {
      // A spreadsheet app sees the file's own cells, each formula-looking one behind an apostrophe.
      const cells = parseCsv(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''), ',').rows;
      expect(cells[2][1]).toBe('\'=HYPERLINK("http://evil.example","click")');
      for (const row of cells) for (const cell of row) expect(DANGEROUS.test(cell)).toBe(false);
    }
    expect(back[2][5]).toBe('Male'); // "gender" and "Gender" are one column
  });

  it('writes a check result with each row, its status and its problems as sentences', async () => {
    const sheet = { name: 'List', rows: [['E-mail', 'Name', 'External ID'], ['a@example.com', 'Ann', '01'], ['broken', 'Bob', '02'], ['A@example.com', 'Ann again', ''], ['a@example.com', 'Ann’s sister', '05']] };
    const result = checkSheet([sheet]);
    const path = join(dir, `check.${format}`);
    await exportTable(path, 'Check', checkResultTable(result.participants));
    const back = readWorkbookBytes(readFileSync(path)).sheets[0].rows;
    expect(back[0].slice(0, 4)).toEqual(['Sheet row', 'Status', 'Problems', 'Warnings']);
    expect(back.slice(1).map((r) => [r[0], r[1]])).toEqual([['2', 'valid'], ['3', 'invalid'], ['4', 'duplicate'], ['5', 'shared e-mail']]);
    expect(back[2][2]).toBe('“broken” is not a valid e-mail address.');
    expect(back[3][2]).toBe('Same external ID or e-mail as row 2.');
    expect(back[4][2]).toBe('Shares its e-mail with row 2, who has another external ID: it is imported as a separate person, never merged.');
    expect(back[1][4]).toBe('01'); // ids keep their leading zeros
  });
});

it('refuses a file name that is neither .xlsx nor .csv, with a sentence', async () => {
  await expect(exportTable(join(dir, 'list.pdf'), 'P', participantTable(PARTICIPANTS))).rejects.toThrow(ExportError);
  await expect(exportTable(join(dir, 'list.pdf'), 'P', participantTable(PARTICIPANTS))).rejects.toThrow(/\.xlsx or \.csv/);
});

it('says which file could not be written when the folder is missing', async () => {
  await expect(exportTable(join(dir, 'missing', 'list.csv'), 'P', participantTable(PARTICIPANTS))).rejects.toThrow(/Could not write .*ENOENT/);
});

describe('csv separators', () => {
  const table = { header: ['Name', 'Note'], rows: [['Ann', 'a;b'], ['Ben, Jr.', 'tab\there'], ['Cy', 'plain']] };

  it('quotes a field holding a semicolon or a tab even in a comma file, so Excel in any locale keeps it whole', async () => {
    const path = join(dir, 'comma.csv');
    await exportTable(path, 'List', table);
    const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[1]).toBe('Ann,"a;b"');
    expect(text.split('\r\n')[2]).toBe('"Ben, Jr.","tab\there"');
  });

  it('writes semicolon-separated files that read back unchanged', async () => {
    const path = join(dir, 'semicolon.csv');
    await exportTable(path, 'List', table, ';');
    expect(readFileSync(path, 'utf8').replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Name;Note');
    expect(readWorkbookBytes(readFileSync(path)).sheets[0].rows).toEqual([table.header, ...table.rows]);
  });
});
