import type { WorkbookData } from './types';

/**
 * A sheet's rows as they cross from the reader's worker thread: every distinct cell text
 * once, and each cell as the number of its text in a buffer that is moved, not copied.
 * Posting the rows themselves would copy each of a million cells, so the worker's rows, a
 * serialized copy and the receiving thread's rows would all be alive at once; and a column
 * of a few values (language, gender, city) would arrive as a separate string per cell.
 */
export interface PackedRows {
  texts: string[];
  /** The text number of each cell, row after row; 0 is the empty cell. */
  cells: Int32Array;
  /** How many cells each row has. */
  widths: Int32Array;
}

export type PackedWorkbook = Omit<WorkbookData, 'sheets'> & { sheets: { name: string; hidden: boolean; rows: PackedRows }[] };

export function packRows(rows: readonly (readonly string[])[]): PackedRows {
  const numbers = new Map<string, number>([['', 0]]);
  const texts = [''];
  let count = 0;
  for (const row of rows) count += row.length;
  const cells = new Int32Array(count);
  const widths = new Int32Array(rows.length);
  let at = 0;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    widths[r] = row.length;
    for (let c = 0; c < row.length; c++) {
      const text = row[c];
      let n = numbers.get(text);
      if (n === undefined) {
        n = texts.length;
        numbers.set(text, n);
        texts.push(text);
      }
      cells[at++] = n;
    }
  }
  return { texts, cells, widths };
}

export function unpackRows(packed: PackedRows): string[][] {
  const { texts, cells, widths } = packed;
  const rows = new Array<string[]>(widths.length);
  let at = 0;
  for (let r = 0; r < widths.length; r++) {
    const row = new Array<string>(widths[r]);
    for (let c = 0; c < row.length; c++) row[c] = texts[cells[at++]];
    rows[r] = row;
  }
  return rows;
}

/** The workbook to post, and the buffers to move with it. */
export function packWorkbook(data: WorkbookData): { packed: PackedWorkbook; transfer: ArrayBuffer[] } {
  const sheets = data.sheets.map((sheet) => ({ name: sheet.name, hidden: sheet.hidden, rows: packRows(sheet.rows) }));
  const transfer = sheets.flatMap((s) => [s.rows.cells.buffer as ArrayBuffer, s.rows.widths.buffer as ArrayBuffer]);
  return { packed: { ...data, sheets }, transfer };
}

export function unpackWorkbook(packed: PackedWorkbook): WorkbookData {
  return { ...packed, sheets: packed.sheets.map((sheet) => ({ name: sheet.name, hidden: sheet.hidden, rows: unpackRows(sheet.rows) })) };
}
