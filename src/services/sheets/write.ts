import * as XLSX from '@e965/xlsx';
import { neutraliseCell } from '../../core/sheets/neutralise';

export type WriteFormat = 'xlsx' | 'csv';

/**
 * Writes one sheet of text cells. Every cell is written as text (ids keep their zeros;
 * nothing is re-typed as a number or date), so a cell that begins like a formula is shown
 * by Excel and LibreOffice as the text it is, never run. In xlsx a string cell is that
 * already, and an added apostrophe would be data; a CSV cell has no type, so there a
 * formula-looking cell gets the apostrophe.
 */
export function writeSheet(format: WriteFormat, sheetName: string, header: readonly string[], rows: readonly (readonly string[])[]): Uint8Array {
  const all = [header, ...rows];
  return format === 'xlsx' ? xlsxBytes(sheetName, all) : csvBytes(all.map((row) => row.map((cell) => neutraliseCell(cell))));
}

/** Shared-string cells only (`t: 's'`, no `f`): Excel never evaluates one, whatever it starts with. */
function xlsxBytes(sheetName: string, rows: readonly (readonly string[])[]): Uint8Array {
  const sheet: XLSX.WorkSheet = {};
  let width = 0;
  rows.forEach((row, r) => {
    width = Math.max(width, row.length);
    row.forEach((value, c) => {
      if (value !== '') sheet[XLSX.utils.encode_cell({ r, c })] = { t: 's', v: value };
    });
  });
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(0, rows.length - 1), c: Math.max(0, width - 1) } });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31) || 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true }) as Uint8Array;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** UTF-8 with a byte-order mark (so Excel on Windows reads it as UTF-8), CRLF lines. */
function csvBytes(rows: string[][]): Uint8Array {
  const text = rows.map((row) => row.map((cell) => (NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')).join('\r\n');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${text}\r\n`, 'utf8')]);
}
