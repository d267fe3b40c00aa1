/**
 * Bulk fixes over the workspace's rows, as lists of cell edits: the page shows how many
 * cells a fix would change before it is applied, and the edits go to the main side as one
 * step of the draft's history (one undo takes the whole fix back).
 */
import { GRID_FIELDS, type GridCells, type GridField } from './cells';

export interface BulkRow {
  position: number;
  cells: GridCells;
}

export interface BulkEdit {
  position: number;
  field: GridField;
  value: string;
}

export interface FindReplace {
  /** One column, or every column when null. */
  field: GridField | null;
  find: string;
  replace: string;
  matchCase: boolean;
  /** Only cells whose whole text is `find`. */
  wholeCell: boolean;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function findReplaceEdits(rows: readonly BulkRow[], spec: FindReplace): BulkEdit[] {
  if (spec.find === '') return [];
  const fields = spec.field === null ? GRID_FIELDS : [spec.field];
  const pattern = new RegExp(spec.wholeCell ? `^${escape(spec.find)}$` : escape(spec.find), spec.matchCase ? 'g' : 'gi');
  const edits: BulkEdit[] = [];
  for (const row of rows) {
    for (const field of fields) {
      const before = row.cells[field];
      // The replacement is text: "$1" in it is written as typed, never a group reference.
      const after = before.replace(pattern, () => spec.replace);
      if (after !== before) edits.push({ position: row.position, field, value: after });
    }
  }
  return edits;
}

/** Spaces at either end of every cell (or one column's) removed. */
export function trimEdits(rows: readonly BulkRow[], field: GridField | null = null): BulkEdit[] {
  const fields = field === null ? GRID_FIELDS : [field];
  const edits: BulkEdit[] = [];
  for (const row of rows) {
    for (const f of fields) {
      const trimmed = row.cells[f].trim();
      if (trimmed !== row.cells[f]) edits.push({ position: row.position, field: f, value: trimmed });
    }
  }
  return edits;
}

/** One value for a column: every row, or only the rows where the cell is blank. */
export function setColumnEdits(rows: readonly BulkRow[], field: GridField, value: string, onlyBlank: boolean): BulkEdit[] {
  return rows.filter((r) => r.cells[field] !== value && (!onlyBlank || r.cells[field].trim() === '')).map((r) => ({ position: r.position, field, value }));
}
