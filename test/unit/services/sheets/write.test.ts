import { strFromU8, unzipSync } from 'fflate';
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
  ['-5', '=1+1', ''],
  ['', 'no id', ''],
];
const DANGEROUS = /^[=+\-@\t\r\n]/;

const trimRow = (row: readonly string[]) => {
  const copy = [...row];
  while (copy.length && copy[copy.length - 1] === '') copy.pop();
  return copy;
};

describe('writing xlsx', () => {
  const bytes = writeSheet('xlsx', 'Participants', HEADER, ROWS);

  it('reads back cell for cell, formula-looking text unchanged (no apostrophe added)', () => {
    const back = readWorkbookBytes(bytes).sheets[0].rows;
    expect(back).toEqual([HEADER, ...ROWS].map(trimRow));
  });

  it('reads back unchanged through SheetJS too, every cell a string and none a formula', () => {
    const book = XLSX.read(bytes, { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets.Participants;
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '' })).toEqual([HEADER, ...ROWS]);
    for (const [ref, cell] of Object.entries(sheet)) {
      if (ref.startsWith('!')) continue;
      expect((cell as XLSX.CellObject).t).toBe('s');
      expect((cell as XLSX.CellObject).f).toBeUndefined();
    }
  });

  it('writes shared-string cells and no formula in the file itself', () => {
    const parts = unzipSync(bytes);
    const xml = strFromU8(parts['xl/worksheets/sheet1.xml']);
    const cells = xml.match(/<c [^>]*>/g) ?? [];
    expect(cells.length).toBe([HEADER, ...ROWS].flat().filter((c) => c !== '').length);
    for (const cell of cells) expect(cell).toMatch(/ t="s"/);
    expect(xml).not.toMatch(/<f[ >]/);
    const strings = strFromU8(parts['xl/sharedStrings.xml']);
    expect(strings).toContain('<t>=1+1</t>');
    expect(strings).not.toContain("'=");
  });
});

describe('writing csv', () => {
  const back = readWorkbookBytes(writeSheet('csv', 'Participants', HEADER, ROWS)).sheets[0].rows;

  it('puts an apostrophe before every formula-looking cell and changes nothing else', () => {
    const expected = [HEADER, ...ROWS].map((row) => trimRow(row.map((cell) => (DANGEROUS.test(cell) ? `'${cell}` : cell))));
    expect(back).toEqual(expected);
  });

  it('leaves no cell that a spreadsheet app would run', () => {
    for (const row of back) for (const cell of row) expect(DANGEROUS.test(cell)).toBe(false);
  });
});
