import { describe, expect, it } from 'vitest';
import { readWorkbookBytes } from '../../../../src/services/sheets/read';
import { readWithSheetJs } from '../../../../src/services/sheets/sheetjs-reader';
import { readXlsxFast } from '../../../../src/services/sheets/xlsx-fast';
import { SheetReadError } from '../../../../src/services/sheets/errors';
import { csvText, encode, PARTICIPANT_SHEET, workbookBytes, type Aoa } from '../../../fixtures/sheets';

const EXPECTED_ROWS = [
  ['Spring snack test – participant list'],
  ['Prepared by the field team; do not forward'],
  [],
  ['External ID', 'Full Name', 'E-mail', 'Language', 'Gender', 'Notes'],
  ['00123', 'Ada Lovelace', 'ada@example.com', 'en_US', 'Female', 'prefers mornings'],
  ['4567', 'Zoë Ünal', 'zoe@example.com', 'de-DE', 'Non-binary', '=1+1'],
  [],
  ['A-3', 'Bob Bauer', 'not an e-mail', 'xx', 'Male', '<b>bold</b>'],
];

describe('every workbook format reads to the same text grid', () => {
  it.each(['xlsx', 'xls', 'ods', 'fods'] as const)('%s', (format) => {
    const data = readWorkbookBytes(workbookBytes({ Participants: PARTICIPANT_SHEET, Notes: [['Call Ada first']] }, format));
    expect(data.format).toBe(format);
    expect(data.sheets.map((s) => s.name)).toEqual(['Participants', 'Notes']);
    const rows = data.sheets[0].rows;
    // ods and xls keep the zero-padding format differently; the digits must survive in every one
    expect(rows.slice(0, 4)).toEqual(EXPECTED_ROWS.slice(0, 4));
    expect(rows[4][0]).toMatch(/^0*123$/);
    expect(rows.slice(5)).toEqual(EXPECTED_ROWS.slice(5));
  });

  it('keeps the zero padding an xlsx cell format shows', () => {
    const rows = readWorkbookBytes(workbookBytes({ P: PARTICIPANT_SHEET }, 'xlsx')).sheets[0].rows;
    expect(rows).toEqual(EXPECTED_ROWS);
  });
});

describe('xlsx values', () => {
  const sheet: Aoa = [
    ['Born', 'Count', 'Ratio', 'Big id', 'Cached', 'Flag'],
    [{ t: 'n', v: 45366, z: 'yyyy-mm-dd' }, 4567, 0.25, 1234567890123, { t: 'n', v: 3, f: 'SUM(1,2)' }, true],
    [{ t: 'n', v: 45366.75, z: 'dd/mm/yyyy hh:mm' }, { t: 'n', v: 4567, z: '0.0' }, { t: 'n', v: 0.25, z: '0%' }, 12345678, { t: 's', v: 'x', f: 'A1' }, false],
  ];

  it('turns date serials into dates, keeps ids whole, and reads cached formula values', () => {
    const rows = readWorkbookBytes(workbookBytes({ S: sheet }, 'xlsx')).sheets[0].rows;
    expect(rows[1]).toEqual(['2024-03-15', '4567', '0.25', '1234567890123', '3', 'TRUE']);
    expect(rows[2]).toEqual(['2024-03-15 18:00', '4567', '25%', '12345678', 'x', 'FALSE']);
  });

  it('reads the same grid through the fast reader and SheetJS', () => {
    const bytes = workbookBytes({ A: PARTICIPANT_SHEET, B: sheet }, 'xlsx');
    expect(readXlsxFast(bytes)).toEqual(readWithSheetJs(bytes));
  });

  it('ignores phantom empty rows and columns left by formatting', () => {
    const rows = readWorkbookBytes(workbookBytes({ S: [['a', 'b', '', ''], ['c', '', '', ''], ['', '', '', ''], ['', '', '', '']] }, 'xlsx')).sheets[0].rows;
    expect(rows).toEqual([['a', 'b'], ['c']]);
  });
});

describe('csv encodings and delimiters', () => {
  const rows = [
    ['External ID', 'Name', 'E-mail', 'Note'],
    ['00123', 'Zoë Ünal-Müller', 'zoe@example.com', 'Café “quoted”, with comma'],
    ['4567', 'Łukasz', 'l@example.com', ''],
  ];
  const latin = rows.map((r) => r.map((c) => c.replace('Ł', 'L')));
  // the grid drops empty cells at the end of a row
  const trimmed = (grid: string[][]) => grid.map((r) => (r[r.length - 1] === '' ? r.slice(0, -1) : r));

  it.each([
    ['utf-8', rows],
    ['utf-8-bom', rows],
    ['utf-16le', rows],
    ['utf-16be', rows],
    ['windows-1252', latin],
  ] as const)('decodes %s without garbling', (encoding, expected) => {
    const data = readWorkbookBytes(encode(csvText(expected.map((r) => [...r])), encoding));
    expect(data.format).toBe('csv');
    expect(data.encoding).toBe(encoding);
    expect(data.sheets[0].rows).toEqual(trimmed(expected.map((r) => [...r])));
  });

  it.each([',', ';', '\t', '|'])('detects the %j delimiter', (delimiter) => {
    const data = readWorkbookBytes(encode(csvText(rows.map((r) => [...r]), delimiter), 'utf-8'));
    expect(data.delimiter).toBe(delimiter);
    expect(data.sheets[0].rows).toEqual(trimmed(rows));
  });
});

describe('files that are not spreadsheets', () => {
  const failure = (bytes: Uint8Array, options = {}) => {
    try {
      readWorkbookBytes(bytes, options);
    } catch (error) {
      expect(error).toBeInstanceOf(SheetReadError);
      return (error as SheetReadError).code;
    }
    throw new Error('expected a SheetReadError');
  };

  it('says what is wrong with each', () => {
    const xlsx = workbookBytes({ P: PARTICIPANT_SHEET }, 'xlsx');
    expect(failure(new Uint8Array())).toBe('empty');
    expect(failure(encode('\r\n\r\n', 'utf-8'))).toBe('empty');
    expect(failure(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe('not_a_spreadsheet');
    expect(failure(xlsx.subarray(0, Math.floor(xlsx.length / 2)))).toBe('truncated');
    expect(failure(xlsx, { maxBytes: 1000 })).toBe('too_large');
  });

  it.each([
    [2_245_812, 1024 * 1024, 'The file is 2.1 MB, over the 1 MB limit.'],
    [210_134_630, 200 * 1024 * 1024, 'The file is 200.4 MB, over the 200 MB limit.'],
    [200 * 1024 * 1024 + 20_000, 200 * 1024 * 1024, 'The file is 209,735,200 bytes, over the 209,715,200-byte limit.'],
    [5_000, 1_000, 'The file is 5,000 bytes, over the 1,000-byte limit.'],
  ])('says how large a %i-byte file is against a %i-byte limit', (size, maxBytes, message) => {
    expect(() => readWorkbookBytes(new Uint8Array(size), { maxBytes })).toThrow(new SheetReadError('too_large', message));
  });
});

describe('progress', () => {
  it('tells a csv read between decoding and splitting, in order', () => {
    const seen: number[] = [];
    readWorkbookBytes(encode(csvText(EXPECTED_ROWS.map((r) => [...r])), 'utf-8'), { onProgress: (f) => seen.push(f) });
    expect(seen).toEqual([0.2, 0.9]);
  });
});
