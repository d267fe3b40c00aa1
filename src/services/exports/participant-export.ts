/** Writes participant lists and check results as xlsx or csv files, formula-looking cells neutralised. */
import writeFileAtomic from 'write-file-atomic';
import { extname } from 'node:path';
import type { TextTable } from '../../core/intake';
import { writeSheet, type CsvDelimiter, type WriteFormat } from '../sheets/write';

export class ExportError extends Error {
  override name = 'ExportError';
}

/** The format a file name asks for: `.xlsx` or `.csv`. */
export function exportFormatOf(path: string): WriteFormat {
  const ext = extname(path).toLowerCase();
  if (ext === '.xlsx') return 'xlsx';
  if (ext === '.csv') return 'csv';
  throw new ExportError(`Export to a .xlsx or .csv file; “${ext || 'no extension'}” is not a format Muster writes.`);
}

export function tableBytes(format: WriteFormat, sheetName: string, table: TextTable, delimiter?: CsvDelimiter): Uint8Array {
  return writeSheet(format, sheetName, table.header, table.rows, { delimiter });
}

export async function exportTable(path: string, sheetName: string, table: TextTable, delimiter?: CsvDelimiter): Promise<void> {
  await writeExportFile(path, tableBytes(exportFormatOf(path), sheetName, table, delimiter));
}

/** Writes an export whole or not at all: a file cut short would open as a broken spreadsheet. */
export async function writeExportFile(path: string, bytes: Uint8Array): Promise<void> {
  try {
    // Owner-only: an export holds the same personal data as the mirror it came from.
    await writeFileAtomic(path, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { mode: 0o600 });
  } catch (error) {
    throw new ExportError(`Could not write ${path} (${(error as NodeJS.ErrnoException).code ?? 'unknown error'}).`, { cause: error });
  }
}
