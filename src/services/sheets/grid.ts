import { unguardCell } from '../../core/sheets/neutralise';

const APOSTROPHE = 0x27;

/**
 * Drops what formatting leaves behind: rows and columns past the last non-empty cell
 * (a sheet's range often runs far beyond its data when cells were formatted).
 */
export function trimGrid(rows: string[][]): string[][] {
  let lastRow = rows.length - 1;
  while (lastRow >= 0 && isBlank(rows[lastRow])) lastRow--;
  const kept = rows.slice(0, lastRow + 1);
  for (let r = 0; r < kept.length; r++) {
    const row = kept[r];
    let end = row.length;
    while (end > 0 && row[end - 1] === '') end--;
    if (end !== row.length) kept[r] = row.slice(0, end);
  }
  return kept;
}

export function isBlank(row: readonly string[] | undefined): boolean {
  if (!row) return true;
  for (const cell of row) if (cell !== '' && cell.trim() !== '') return false;
  return true;
}

/**
 * Takes off the apostrophe a csv export puts before a formula-looking cell (ours, and the
 * same OWASP guard of other tools), in place: it shields the cell from spreadsheet apps and
 * is not part of the value. Every reading of a sheet passes here, so what Muster writes it
 * reads back as it was.
 */
export function unguardGrid(rows: string[][]): string[][] {
  for (const row of rows) {
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      if (cell.charCodeAt(0) === APOSTROPHE) row[c] = unguardCell(cell);
    }
  }
  return rows;
}
