import { stat, readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { detectDelimiter, parseCsv } from './csv';
import { decodeText, looksBinary } from './decode';
import { SheetReadError } from './errors';
import { trimGrid, unguardGrid } from './grid';
import { readWithSheetJs } from './sheetjs-reader';
import { otherFileKind, otherTextKind, recordsWhole, sniffFormat } from './sniff';
import { readXlsx } from './xlsx-fast';
import { soundCopy } from './zip-entries';
import type { SheetNote } from '../../core/intake/check-sheet';
import type { WorkbookData } from './types';

export const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;

export interface ReadOptions {
  maxBytes?: number;
  /** Sheet name for a CSV, which has none of its own. */
  name?: string;
  /** The file's extension: plain text with a name like README.md or app.js is no sheet. */
  extension?: string;
  /** Told how far reading has got, from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

function openFailure(name: string, code: string | undefined): string {
  if (code === 'ENOENT') return `There is no file ${name}.`;
  if (code === 'EACCES' || code === 'EPERM') return `${name} cannot be read: permission denied.`;
  return `${name} could not be opened (${code ?? 'unknown error'}).`;
}

/** Reads a spreadsheet file of any supported kind into text grids, or says why it can't. */
export async function readWorkbookFile(path: string, options: ReadOptions = {}): Promise<WorkbookData> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let size: number;
  try {
    const info = await stat(path);
    // A sentence begins with its own word, never with a file name a capital would change.
    if (info.isDirectory()) throw new SheetReadError('unreadable', `The folder ${basename(path)} is not a spreadsheet; choose the file itself.`);
    if (!info.isFile()) throw new SheetReadError('unreadable', `The item ${basename(path)} is not a file; choose a spreadsheet.`);
    size = info.size;
  } catch (error) {
    if (error instanceof SheetReadError) throw error;
    throw new SheetReadError('unreadable', openFailure(basename(path), (error as NodeJS.ErrnoException).code));
  }
  if (size > maxBytes) throw tooLarge(size, maxBytes);
  const bytes = await readFile(path);
  return readWorkbookBytes(bytes, { extension: extname(path), ...options, name: options.name ?? basename(path, extname(path)) });
}

export function readWorkbookBytes(bytes: Uint8Array, options: ReadOptions = {}): WorkbookData {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.length > maxBytes) throw tooLarge(bytes.length, maxBytes);
  if (bytes.length === 0) throw new SheetReadError('empty', 'The file is empty.');
  const other = otherFileKind(bytes);
  if (other) throw new SheetReadError('not_a_spreadsheet', `The file is ${other}, not a spreadsheet (xlsx, xls, ods or csv).`);
  const format = sniffFormat(bytes);
  switch (format) {
    case 'cfb-encrypted':
      throw new SheetReadError('password_protected', 'The file is password-protected; save an unprotected copy and open that.');
    case 'zip-truncated':
      throw damaged();
    case 'zip-other':
      throw new SheetReadError('not_a_spreadsheet', 'The file is a zip archive, not a spreadsheet.');
    case 'xlsx':
      return nonEmpty({ format, sheets: readXlsx(bytes, options.onProgress) });
    case 'ods':
    case 'numbers':
      // SheetJS's own unzip can loop forever on a damaged archive: it reads a sound copy.
      return nonEmpty({ format, sheets: readWithSheetJs(soundCopy(bytes)) });
    case 'xls':
    case 'fods':
    case 'xml2003':
    case 'html':
    case 'dbf':
    case 'sylk':
    case 'dif':
    case 'rtf':
      return nonEmpty({ format, sheets: readWithSheetJs(bytes) });
    case 'lotus':
      if (!recordsWhole(bytes, LOTUS_END)) throw damaged();
      return nonEmpty({ format, sheets: readWithSheetJs(bytes) });
    case 'biff':
      if (!recordsWhole(bytes, BIFF_END)) throw damaged();
      return nonEmpty({ format: 'xls', sheets: readWithSheetJs(bytes) });
    case 'text': {
      if (looksBinary(bytes)) throw new SheetReadError('not_a_spreadsheet', 'The file is not a spreadsheet (xlsx, xls, ods or csv).');
      const named = otherTextKind(options.extension);
      if (named) throw new SheetReadError('not_a_spreadsheet', `The file is ${named}, not a spreadsheet (xlsx, xls, ods or csv).`);
      // Decoding and splitting are single library calls: progress is told between them.
      const { text, encoding } = decodeText(bytes);
      options.onProgress?.(0.2);
      const delimiter = detectDelimiter(text);
      const parsed = parseCsv(text, delimiter);
      options.onProgress?.(0.9);
      const notes: SheetNote[] = parsed.repaired ? [{ code: 'csv_repaired' }] : [];
      if (parsed.singleColumn) notes.push({ code: 'csv_single_column' });
      const rows = trimGrid(parsed.rows);
      return nonEmpty({ format: 'csv', encoding, delimiter, sheets: [{ name: options.name ?? 'Sheet1', hidden: false, rows }], ...(notes.length > 0 ? { notes } : {}) });
    }
  }
}

/** The end-of-file record of Lotus and Quattro Pro files, and of a BIFF stream. */
const LOTUS_END = 0x01;
const BIFF_END = 0x0a;

function damaged(): SheetReadError {
  return new SheetReadError('truncated', 'The file is damaged or incomplete (was it fully downloaded?).');
}

/** Every format's sheets end here: refused when there is nothing, else their cells as read, formula guards taken off. */
function nonEmpty(data: WorkbookData): WorkbookData {
  if (data.sheets.length === 0 || data.sheets.every((s) => s.rows.length === 0)) throw new SheetReadError('empty', 'The file holds no data.');
  for (const sheet of data.sheets) unguardGrid(sheet.rows);
  return data;
}

const MB = 1024 * 1024;

/** Bytes under 1 MB, else MB to one decimal ("200.4 MB", "2 MB"). */
function sizeText(n: number): string {
  return n < MB ? `${n.toLocaleString('en-US')} byte${n === 1 ? '' : 's'}` : `${(n / MB).toFixed(1).replace(/\.0$/, '')} MB`;
}

function tooLarge(size: number, max: number): SheetReadError {
  let [file, limit] = [sizeText(size), sizeText(max)];
  // 200.02 MB over a 200 MB limit would read "200 MB, over the 200 MB limit".
  if (file === limit) [file, limit] = [`${size.toLocaleString('en-US')} bytes`, `${max.toLocaleString('en-US')} bytes`];
  return new SheetReadError('too_large', `The file is ${file}, over the ${limit.replace(/ bytes?$/, '-byte')} limit.`);
}
