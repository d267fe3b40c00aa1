import * as XLSX from '@e965/xlsx';
import { cellText } from './cell-text';
import { SheetReadError } from './errors';
import { trimGrid } from './grid';
import type { SheetData } from './types';

/** Reads any workbook SheetJS understands (xls, ods, fods, xlsx) into text grids. */
export function readWithSheetJs(bytes: Uint8Array): SheetData[] {
  try {
    return toSheets(readBook(bytes));
  } catch (error) {
    throw error instanceof SheetReadError ? error : translate(error);
  }
}

function readBook(bytes: Uint8Array): XLSX.WorkBook {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, { type: 'buffer', dense: true, cellNF: true, cellText: true, cellDates: false, cellFormula: false, cellHTML: false, WTF: false });
  } catch (error) {
    throw translate(error);
  }
  return book;
}

function toSheets(book: XLSX.WorkBook): SheetData[] {
  const date1904 = Boolean(book.Workbook?.WBProps?.date1904);
  return book.SheetNames.map((name, index) => {
    const sheet = book.Sheets[name];
    const hidden = Boolean(book.Workbook?.Sheets?.[index]?.Hidden);
    const data = denseData(sheet);
    const rows: string[][] = new Array(data.length);
    for (let r = 0; r < data.length; r++) {
      const row = data[r];
      if (!row) {
        rows[r] = [];
        continue;
      }
      const cells = new Array<string>(row.length);
      for (let c = 0; c < row.length; c++) cells[c] = cellText(row[c], date1904);
      rows[r] = cells;
    }
    return { name, hidden, rows: trimGrid(rows) };
  });
}

/** The sheet's rows of cells; SheetJS's Lotus and Quattro readers fill a sparse sheet even when asked for a dense one. */
function denseData(sheet: XLSX.WorkSheet | undefined): (XLSX.CellObject[] | undefined)[] {
  if (!sheet) return [];
  if (sheet['!data']) return sheet['!data'] as (XLSX.CellObject[] | undefined)[];
  const rows: XLSX.CellObject[][] = [];
  for (const key of Object.keys(sheet)) {
    if (key.startsWith('!')) continue;
    const { r, c } = XLSX.utils.decode_cell(key);
    (rows[r] ??= [])[c] = sheet[key] as XLSX.CellObject;
  }
  return rows;
}

function translate(error: unknown): SheetReadError {
  const message = error instanceof Error ? error.message : String(error);
  if (/password|encrypt/i.test(message)) return new SheetReadError('password_protected', 'The file is password-protected; save an unprotected copy and open that.');
  if (/end of central directory|unexpected end|corrupt|bad (zip|compressed)|invalid (zip|distance|code)|truncat|header/i.test(message)) {
    return new SheetReadError('truncated', 'The file is damaged or incomplete (was it fully downloaded?).');
  }
  return new SheetReadError('unreadable', 'The file could not be read as a spreadsheet.');
}
