import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { MAX_XLSX_CELL, SheetWriteError, writeSheet } from '../../../../src/services/sheets/write';
import { readWorkbookBytes } from '../../../../src/services/sheets/read';
import { parseCsv } from '../../../../src/services/sheets/csv';
import { trimGrid } from '../../../../src/services/sheets/grid';

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

describe('writing xlsx: text that looks like a csv\'s formula guard', () => {
  const GUARDED = ["'=1+1", "''+1", "'\tx"];
  const bytes = writeSheet('xlsx', 'S', ['Note'], GUARDED.map((text) => [text]));

  it('gets one more apostrophe in the file, which Muster\'s reader takes off again', () => {
    const strings = strFromU8(unzipSync(bytes)['xl/sharedStrings.xml']);
    expect(strings).toContain('<t>&apos;&apos;=1+1</t>');
    expect(readWorkbookBytes(bytes).sheets[0].rows).toEqual([['Note'], ...GUARDED.map((text) => [text])]);
  });
});

describe('writing xlsx: text a reader would change', () => {
  const CODES = ['_x0041_', 'a_x000D_b', '_x005F_x0041_', '__x00e9__', '_x41_', '_X0041_', '_x0041\r', 'x_x0041_x0042_y'];

  it('keeps text that looks like an OOXML escape (_x0041_) as written, through both readers', () => {
    const bytes = writeSheet('xlsx', 'S', ['Note'], CODES.map((text) => [text]));
    expect(readWorkbookBytes(bytes).sheets[0].rows).toEqual([['Note'], ...CODES.map((text) => [text])]);
    expect(XLSX.utils.sheet_to_json(XLSX.read(bytes, { type: 'buffer' }).Sheets.S, { header: 1, raw: false })).toEqual([['Note'], ...CODES.map((text) => [text])]);
  });

  it('keeps any mix of underscores, x, hex digits and control characters as written', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pieces = ['_', 'x', 'X', '0', '0', '4', '1', '5', 'F', '_x', '_x0041_', '\r', '\u0001', 'a'];
    const texts = Array.from({ length: 400 }, () => Array.from({ length: 2 + Math.floor(next() * 10) }, () => pieces[Math.floor(next() * pieces.length)]).join(''));
    const bytes = writeSheet('xlsx', 'S', ['Note'], texts.map((text) => [text]));
    const back = (rows: unknown[][]) => rows.slice(1).map((row) => row[0]);
    expect(back(readWorkbookBytes(bytes).sheets[0].rows)).toEqual(texts);
    expect(back(XLSX.utils.sheet_to_json(XLSX.read(bytes, { type: 'buffer' }).Sheets.S, { header: 1, raw: false }))).toEqual(texts);
  });

  it('refuses a cell longer than an xlsx cell holds, naming the cell, in one sentence', () => {
    const long = 'x'.repeat(MAX_XLSX_CELL + 1);
    const write = () => writeSheet('xlsx', 'S', ['ID', 'Note'], [['1', 'ok'], ['2', long]]);
    expect(write).toThrow(SheetWriteError);
    expect(write).toThrow('Row 3, column B (“Note”) holds 32,768 characters, more than the 32,767 an xlsx cell can hold; export to a .csv file instead.');
    expect(() => writeSheet('xlsx', 'S', ['ID'], [['x'.repeat(MAX_XLSX_CELL)]])).not.toThrow();
    expect(readWorkbookBytes(writeSheet('csv', 'S', ['ID', 'Note'], [['2', long]])).sheets[0].rows[1][1]).toBe(long);
  });
});

describe('writing csv', () => {
  const bytes = writeSheet('csv', 'Participants', HEADER, ROWS);
  // The cells a spreadsheet app splits the file into: as written, guards and all.
  const written = trimGrid(parseCsv(strFromU8(bytes).replace(/^\uFEFF/, ''), ',').rows);

  it('puts an apostrophe before every formula-looking cell and changes nothing else', () => {
    const expected = [HEADER, ...ROWS].map((row) => trimRow(row.map((cell) => (DANGEROUS.test(cell) ? `'${cell}` : cell))));
    expect(written).toEqual(expected);
  });

  it('leaves no cell that a spreadsheet app would run', () => {
    for (const row of written) for (const cell of row) expect(DANGEROUS.test(cell)).toBe(false);
  });

  it('is read back by Muster with the apostrophes taken off, every cell as it was', () => {
    expect(readWorkbookBytes(bytes).sheets[0].rows).toEqual([HEADER, ...ROWS].map(trimRow));
  });
});
