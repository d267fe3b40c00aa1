import { describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { writeSheet } from '../../../../src/services/sheets/write';
import { readWorkbookBytes } from '../../../../src/services/sheets/read';

const HEADER = ['External ID', 'Name', 'Note'];
const ROWS = [
  ['00123', 'Ada Lovelace', 'plain text, with "quotes"'],
  ['4567', '=HYPERLINK("http://evil.example","click")', '+1 555 0100'],
  ['A-3', '-2+3', '@SUM(A1)'],
  ['B4', '\tindented', '\rcarriage'],
  ['C5', 'Zoë\nÜnal', '<script>alert(1)</script>'],
  ['', 'no id', ''],
];
const DANGEROUS = /^[=+\-@\t\r\n]/;

describe.each(['xlsx', 'csv'] as const)('writing %s', (format) => {
  const bytes = writeSheet(format, 'Participants', HEADER, ROWS);
  const back = readWorkbookBytes(bytes).sheets[0].rows;

  it('neutralises every formula-looking cell and changes nothing else', () => {
    const expected = [HEADER, ...ROWS].map((row) => row.map((cell) => (DANGEROUS.test(cell) ? `'${cell}` : cell)));
    const trimmed = expected.map((row) => {
      const copy = [...row];
      while (copy.length && copy[copy.length - 1] === '') copy.pop();
      return copy;
    });
    expect(back).toEqual(trimmed);
  });

  it('leaves no cell that a spreadsheet app would run', () => {
    for (const row of back) for (const cell of row) expect(DANGEROUS.test(cell)).toBe(false);
  });
});

it('writes xlsx cells as text, never as formulas or numbers', () => {
  const book = XLSX.read(writeSheet('xlsx', 'P', HEADER, ROWS), { type: 'buffer', cellFormula: true });
  const sheet = book.Sheets.P;
  for (const [ref, cell] of Object.entries(sheet)) {
    if (ref.startsWith('!')) continue;
    expect((cell as XLSX.CellObject).t).toBe('s');
    expect((cell as XLSX.CellObject).f).toBeUndefined();
  }
});
