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
