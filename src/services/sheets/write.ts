import * as XLSX from '@e965/xlsx';
import { columnLetter } from '../../core/intake/cells';
import { keepApostrophes, neutraliseCell } from '../../core/sheets/neutralise';
import { escapeOoxmlCodes } from '../../core/sheets/ooxml-text';

export type WriteFormat = 'xlsx' | 'csv';

/** The separators a csv may use: the comma, or the semicolon Excel expects in German and French locales. */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/**
 * Writes one sheet of text cells. Every cell is written as text (ids keep their zeros;
 * nothing is re-typed as a number or date), so a cell that begins like a formula is shown
 * by Excel and LibreOffice as the text it is, never run. In xlsx a string cell is that
 * already; a CSV cell has no type, so there a formula-looking cell gets the apostrophe,
 * which Muster's reader takes off again (core/sheets/neutralise.ts).
 */
export function writeSheet(
  format: WriteFormat,
  sheetName: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
  options: { delimiter?: CsvDelimiter } = {},
): Uint8Array {
  const all = [header, ...rows];
  return format === 'xlsx' ? xlsxBytes(sheetName, all) : csvBytes(all.map((row) => row.map((cell) => neutraliseCell(cell))), options.delimiter ?? ',');
}

/** A sheet that cannot be written as asked; the sentence says which cell and what to do. */
export class SheetWriteError extends Error {
  override name = 'SheetWriteError';
}

/** The most characters Excel keeps in a cell; SheetJS refuses more with a bare error. */
export const MAX_XLSX_CELL = 32_767;

function tooLong(header: readonly string[], r: number, c: number, length: number): SheetWriteError {
  const name = header[c] ? ` (“${header[c]}”)` : '';
  return new SheetWriteError(
    `Row ${r + 1}, column ${columnLetter(c)}${name} holds ${length.toLocaleString('en-US')} characters, more than the ${MAX_XLSX_CELL.toLocaleString('en-US')} an xlsx cell can hold; export to a .csv file instead.`,
  );
}

/** Shared-string cells only (`t: 's'`, no `f`): Excel never evaluates one, whatever it starts with. */
function xlsxBytes(sheetName: string, rows: readonly (readonly string[])[]): Uint8Array {
  const sheet: XLSX.WorkSheet = {};
  let width = 0;
  rows.forEach((row, r) => {
    width = Math.max(width, row.length);
    row.forEach((value, c) => {
      if (value === '') return;
      const text = escapeOoxmlCodes(keepApostrophes(value));
      if (text.length > MAX_XLSX_CELL) throw tooLong(rows[0], r, c, text.length);
      sheet[XLSX.utils.encode_cell({ r, c })] = { t: 's', v: text };
    });
  });
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(0, rows.length - 1), c: Math.max(0, width - 1) } });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31) || 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true }) as Uint8Array;
}

/**
 * A field holding a quote, a line break or any separator a spreadsheet app may split on is
 * quoted, whichever separator this file uses: Excel in a German or French locale splits a
 * comma file's fields on `;`.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** UTF-8 with a byte-order mark (so Excel on Windows reads it as UTF-8), CRLF lines. */
function csvBytes(rows: string[][], delimiter: CsvDelimiter): Uint8Array {
  const text = rows.map((row) => row.map((cell) => (NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(delimiter)).join('\r\n');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${text}\r\n`, 'utf8')]);
}
