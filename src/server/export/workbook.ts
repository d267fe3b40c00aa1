import * as XLSX from '@e965/xlsx';
import { keepApostrophes } from '../../core/sheets/neutralise';
import { escapeOoxmlCodes } from '../../core/sheets/ooxml-text';

export type CellValue = string | number | boolean | null;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * One sheet as xlsx bytes. Every text cell is a shared string (`t: 's'`, never a formula),
 * so Excel shows `=1+1` or `+49 30 1234` as the text it is and never runs it, and the value
 * is written unchanged: an export edited and imported again keeps every value. (A csv has
 * no cell types, so there the apostrophe of core/sheets/neutralise.ts is the defence; text
 * that looks like that guard, `'=1`, gets one more here, as Muster's reader takes one off.)
 */
export function workbookBytes(sheetName: string, header: readonly string[], rows: readonly CellValue[][]): Uint8Array {
  const text = (value: CellValue): CellValue => (typeof value === 'string' ? escapeOoxmlCodes(keepApostrophes(value)) : value);
  const sheet = XLSX.utils.aoa_to_sheet([header.map(escapeOoxmlCodes), ...rows.map((row) => row.map(text))], { cellDates: false });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array;
}
