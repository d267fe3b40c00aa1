import * as XLSX from '@e965/xlsx';
import { neutraliseCell } from '../../core/sheets/neutralise';

export type CellValue = string | number | boolean | null;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One sheet as xlsx bytes. Every text cell is written as text and neutralised. */
export function workbookBytes(sheetName: string, header: readonly string[], rows: readonly CellValue[][]): Uint8Array {
  const safe = (value: CellValue): CellValue => (typeof value === 'string' ? neutraliseCell(value) : value);
  const sheet = XLSX.utils.aoa_to_sheet([header.map(neutraliseCell), ...rows.map((row) => row.map(safe))], { cellDates: false });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array;
}
