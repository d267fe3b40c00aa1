import { strFromU8 } from 'fflate';
import { SheetReadError } from './errors';
import { trimGrid } from './grid';
import { readWithSheetJs } from './sheetjs-reader';
import { isDate1904, readSharedStrings, sheetEntries, styleFormats } from './xlsx-parts';
import { sheetReader } from './xlsx-sheet';
import { streamXml } from './xml-stream';
import { entryBytes, soundCopy, zipEntries } from './zip-entries';
import type { SheetData } from './types';

/**
 * Reads an xlsx: the fast reader below, or SheetJS for a package it does not expect (strict
 * OOXML, odd parts), given a sound copy of the archive. A damaged archive is a SheetReadError.
 */
export function readXlsx(bytes: Uint8Array, onProgress?: (fraction: number) => void): SheetData[] {
  let sheets: SheetData[] | null = null;
  try {
    sheets = readXlsxFast(bytes, onProgress);
  } catch (error) {
    if (error instanceof SheetReadError) throw error;
  }
  return sheets ?? readWithSheetJs(soundCopy(bytes));
}

/**
 * Reads an ordinary xlsx much faster and in less memory than the general reader: each
 * sheet is inflated and scanned a piece at a time, so only its cells are kept, never its
 * XML. Answers null (or throws something other than a SheetReadError) for a package it
 * does not expect; a damaged archive is a SheetReadError.
 */
export function readXlsxFast(bytes: Uint8Array, onProgress?: (fraction: number) => void): SheetData[] | null {
  const entries = zipEntries(bytes);
  const text = (name: string): string | undefined => {
    const entry = entries.get(name);
    return entry ? strFromU8(entryBytes(bytes, entry)) : undefined;
  };
  const workbook = text('xl/workbook.xml');
  const rels = text('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) return null;
  const sheets = sheetEntries(workbook, rels);
  if (sheets.length === 0 || sheets.some((s) => !entries.has(s.path))) return null;
  const context = {
    strings: readSharedStrings(bytes, entries.get('xl/sharedStrings.xml')),
    formats: styleFormats(text('xl/styles.xml')),
    date1904: isDate1904(workbook),
  };
  return sheets.map((sheet, index) => {
    const reader = sheetReader(context);
    const sheetProgress = onProgress && ((f: number) => onProgress((index + f) / sheets.length));
    streamXml(bytes, entries.get(sheet.path)!, '</row>', reader.feed, sheetProgress);
    return { name: sheet.name, hidden: sheet.hidden, rows: trimGrid(reader.rows) };
  });
}
