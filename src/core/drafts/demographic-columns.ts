/**
 * The workspace grid's demographics as a column per category of the event's catalog, instead
 * of one text of "Category: value" pairs. The draft keeps its demographics as entries (a
 * category's name and a value), so the push is unchanged: a category's cell shows that
 * category's values, and a cell typed back replaces only them. Entries of a category the
 * catalog does not have stay in one more column, "other".
 */
import type { DemographicEntryInput } from '../contract/imports';
import { nameKey } from '../participants/catalog';
import { demographicsOf, demographicsText, type GridField } from './cells';
import type { PastedBlock, PastedCell, PastedColumns } from './paste';

/** A grid column's prop for the category at `index` of the catalog, or for the entries of none. */
export const categoryProp = (index: number): string => `demographic:${index}`;
export const OTHER_PROP = 'demographic:other';

/** The catalog index a prop names, 'other', or null for a column that is not a demographic one. */
export function categoryIndexOf(prop: string): number | 'other' | null {
  if (prop === OTHER_PROP) return 'other';
  if (!prop.startsWith('demographic:')) return null;
  const index = Number(prop.slice('demographic:'.length));
  return Number.isInteger(index) && index >= 0 ? index : null;
}

/** Several values of one category in a cell. */
const SEPARATOR = '; ';

/** Each category's cell, in the catalog's order, and the entries of no category in it as text. */
export function categoryCells(text: string, categories: readonly string[]): { cells: string[]; other: string } {
  const cells = categories.map(() => '');
  if (text === '') return { cells, other: '' };
  const keys = new Map(categories.map((name, i) => [nameKey(name), i]));
  const other: DemographicEntryInput[] = [];
  for (const entry of demographicsOf(text)) {
    const i = keys.get(nameKey(String(entry.demographic_category_name ?? '')));
    if (i === undefined) other.push(entry);
    else cells[i] = cells[i] === '' ? String(entry.demographic_name) : `${cells[i]}${SEPARATOR}${entry.demographic_name}`;
  }
  return { cells, other: demographicsText(other) };
}

const valuesOf = (cell: string): string[] => cell.split(';').map((v) => v.trim()).filter((v) => v !== '');

/**
 * The demographics text with the cells of some categories (by catalog index) and of "other"
 * replaced as typed. A category keeps its place among the entries; one that had no entry
 * goes after the rest.
 */
export function withCategoryCells(text: string, categories: readonly string[], changes: ReadonlyMap<number | 'other', string>): string {
  const keys = new Map(categories.map((name, i) => [nameKey(name), i]));
  const out: DemographicEntryInput[] = [];
  const placed = new Set<number | 'other'>();
  const put = (at: number | 'other') => {
    if (placed.has(at)) return;
    placed.add(at);
    const cell = changes.get(at) ?? '';
    if (at === 'other') out.push(...demographicsOf(cell));
    else for (const value of valuesOf(cell)) out.push({ demographic_category_name: categories[at], demographic_name: value });
  };
  for (const entry of demographicsOf(text)) {
    const i = keys.get(nameKey(String(entry.demographic_category_name ?? ''))) ?? 'other';
    if (changes.has(i)) put(i);
    else out.push(entry);
  }
  for (const at of changes.keys()) put(at);
  return demographicsText(out);
}

/**
 * Cells typed or pasted over the grid's columns, their category cells folded into one
 * demographics cell per row (from `textAt(position)`, the row's demographics as they are; a
 * new row has none), so several categories of one row are one edit of it.
 */
export function foldDemographicCells(block: PastedColumns<string>, categories: readonly string[], textAt: (position: number) => string): PastedBlock {
  const fold = (cells: readonly { field: string; value: string }[], text: string): PastedCell[] => {
    const changes = new Map<number | 'other', string>();
    const out: PastedCell[] = [];
    for (const cell of cells) {
      const at = categoryIndexOf(cell.field);
      if (at === null) out.push({ field: cell.field as GridField, value: cell.value });
      else changes.set(at, cell.value);
    }
    if (changes.size > 0) out.push({ field: 'demographics', value: withCategoryCells(text, categories, changes) });
    return out;
  };
  const byRow = new Map<number, { field: string; value: string }[]>();
  for (const edit of block.edits) {
    const cells = byRow.get(edit.position);
    if (cells) cells.push(edit);
    else byRow.set(edit.position, [edit]);
  }
  const edits = [...byRow].flatMap(([position, cells]) => fold(cells, textAt(position)).map((cell) => ({ position, ...cell })));
  return { edits, rows: block.rows.map((cells) => fold(cells, '')) };
}
