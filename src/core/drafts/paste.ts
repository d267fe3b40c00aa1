/**
 * Where a block pasted from a spreadsheet lands in the workspace grid: from the focused cell
 * rightwards and down the rows shown, one cell per value; columns past the last are left out.
 * Rows of the block below the last row become new rows, unless the grid shows only some rows
 * (the problems filter), where "below" means nothing.
 */
import { GRID_FIELDS, type GridField } from './cells';

export { PASTE_LIMITS } from '../contract/vocabulary';

export interface PastedCell {
  field: GridField;
  value: string;
}

export interface PastedBlock {
  edits: { position: number; field: GridField; value: string }[];
  /** New rows after the last, each as its cells. */
  rows: PastedCell[][];
}

/** Text copied from a spreadsheet or an editor ends with a line break: no row is meant by it. */
export function withoutTrailingBlankRows(block: readonly (readonly string[])[]): string[][] {
  const rows = block.map((row) => [...row]);
  while (rows.length > 1 && rows[rows.length - 1].every((cell) => cell === '')) rows.pop();
  return rows;
}

/** A block over the grid's own columns (`fields`, in its order: a column per demographic category, say), before it is folded into the draft's fields. */
export interface PastedColumns<F extends string> {
  edits: { position: number; field: F; value: string }[];
  rows: { field: F; value: string }[][];
}

export function pastedBlock(block: readonly (readonly unknown[])[], shown: readonly { position: number }[], at: { position: number; field: GridField }, options: { grow: boolean }): PastedBlock;
export function pastedBlock<F extends string>(
  block: readonly (readonly unknown[])[],
  shown: readonly { position: number }[],
  at: { position: number; field: F },
  options: { grow: boolean; fields: readonly F[] },
): PastedColumns<F>;
export function pastedBlock(
  block: readonly (readonly unknown[])[],
  shown: readonly { position: number }[],
  at: { position: number; field: string },
  options: { grow: boolean; fields?: readonly string[] },
): PastedColumns<string> {
  const fields: readonly string[] = options.fields ?? GRID_FIELDS;
  const start = shown.findIndex((row) => row.position === at.position);
  if (start < 0) return { edits: [], rows: [] };
  const first = fields.indexOf(at.field);
  if (first < 0) return { edits: [], rows: [] };
  const cellsOf = (values: readonly unknown[]) =>
    values.flatMap((value, i) => (first + i < fields.length ? [{ field: fields[first + i], value: value === null || value === undefined ? '' : String(value) }] : []));
  const fits = shown.length - start;
  const edits = block.slice(0, fits).flatMap((values, k) => cellsOf(values).map((cell) => ({ position: shown[start + k].position, ...cell })));
  const rows = options.grow ? block.slice(fits).map(cellsOf) : [];
  return { edits, rows };
}
