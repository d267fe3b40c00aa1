import { describe, expect, it } from 'vitest';
import { checkSheet } from '../../../../src/core/intake';
import { integerText, serialToIso } from '../../../../src/services/sheets/cell-text';
import { readWorkbookBytes } from '../../../../src/services/sheets/read';
import { readWithSheetJs } from '../../../../src/services/sheets/sheetjs-reader';
import { readXlsxFast } from '../../../../src/services/sheets/xlsx-fast';
import { workbookBytes, type Aoa } from '../../../fixtures/sheets';

describe('integers past the 15 digits a spreadsheet keeps', () => {
  it.each([
    [4567, '4567'],
    [-42, '-42'],
    [999_999_999_999_999, '999999999999999'],
    [1e15, '1000000000000000'],
    // Held exactly by the file (below 2^53): every digit is data.
    [1234567890123456, '1234567890123456'],
    [9007199254740991, '9007199254740991'],
    [1.2345678901234567e19, '12345678901234600000'],
    [-1.2345678901234567e19, '-12345678901234600000'],
    [9999999999999998, '10000000000000000'],
    [1.5e22, '15000000000000000000000'],
  ])('%d reads as %s', (value, text) => {
    expect(integerText(value)).toBe(text);
  });

  // 12345678901234567890 typed into a sheet: a double holds 12345678901234567168.
  const sheet: Aoa = [
    ['External ID', 'Name', 'E-mail'],
    [1.2345678901234567e19, 'Ada', 'ada@example.com'],
    [{ t: 'n', v: 1.2345678901234567e19, z: '0' }, 'Bob', 'bob@example.com'],
    [1234567890123, 'Cy', 'cy@example.com'],
  ];

  it('shows the 15 digits Excel shows, through both readers, never invented ones', () => {
    const bytes = workbookBytes({ Ids: sheet }, 'xlsx');
    for (const sheets of [readXlsxFast(bytes)!, readWithSheetJs(bytes)]) {
      expect(sheets[0].rows.slice(1).map((row) => row[0])).toEqual(['12345678901234600000', '12345678901234600000', '1234567890123']);
    }
  });

  it('warns on the row that the spreadsheet kept only 15 digits of the id', () => {
    const result = checkSheet(readWorkbookBytes(workbookBytes({ Ids: sheet }, 'xlsx')).sheets);
    expect(result.participants.map((p) => p.warnings)).toEqual([
      ['External ID 12345678901234600000 is a number of more than 15 digits; the spreadsheet kept only 15 digits of this number.'],
      ['External ID 12345678901234600000 is a number of more than 15 digits; the spreadsheet kept only 15 digits of this number.'],
      [],
    ]);
  });
});

describe('dates and times', () => {
  it.each([
    [45366, undefined, '2024-03-15'],
    [45366.75, 'dd/mm/yyyy hh:mm', '2024-03-15 18:00'],
    [0.5, 'hh:mm', '12:00'],
    [0.5, undefined, '12:00'],
    [0.75, 'h:mm AM/PM', '18:00'],
    [0.5 + 30 / 86400, 'hh:mm:ss', '12:00:30'],
    [45366.25, 'hh:mm', '06:00'],
    [1.5, '[h]:mm', '36:00'],
    [0.5, '[$-409]h:mm:ss;@', '12:00'],
    [0, 'hh:mm', '00:00'],
  ])('%d with format %s reads as %s', (serial, format, text) => {
    expect(serialToIso(serial, false, format)).toBe(text);
  });

  it('keeps a 1904 workbook’s first day a date, unless the format shows only a time', () => {
    expect(serialToIso(0.5, true, 'yyyy-mm-dd hh:mm')).toBe('1904-01-01 12:00');
    expect(serialToIso(0.5, true, 'hh:mm')).toBe('12:00');
  });

  it('reads a time-only cell as the time alone, through both readers', () => {
    const sheet: Aoa = [
      ['Time', 'When'],
      [{ t: 'n', v: 0.5, z: 'hh:mm' }, { t: 'n', v: 45366.5, z: 'yyyy-mm-dd hh:mm' }],
      [{ t: 'n', v: 0.375, z: 'h:mm:ss' }, { t: 'n', v: 45366, z: 'yyyy-mm-dd' }],
    ];
    const bytes = workbookBytes({ T: sheet }, 'xlsx');
    const expected = [['Time', 'When'], ['12:00', '2024-03-15 12:00'], ['09:00', '2024-03-15']];
    expect(readXlsxFast(bytes)![0].rows).toEqual(expected);
    expect(readWithSheetJs(bytes)[0].rows).toEqual(expected);
    expect(readWithSheetJs(workbookBytes({ T: sheet }, 'xls'))[0].rows).toEqual(expected);
  });
});
