/**
 * The grid's models (one object per row, what RevoGrid reads) kept in step with the store's
 * rows. They are built once per list and then patched in place: handing the grid a new array
 * after every edit would re-render it and drop a selection or an edit the person has just
 * started in another cell.
 */
import { shallowRef, watch, type ShallowRef } from 'vue';
import { GRID_FIELDS, type GridField } from '../../../core/drafts/cells';
import { categoryCells, categoryProp, OTHER_PROP } from '../../../core/drafts/demographic-columns';
import type { WorkspaceRow } from '../../../core/contract/app-api';
import { changedPlaces } from './matching-rows';

export type GridModel = Record<GridField, string> & { position: number; row: string; invalid: GridField[]; problems: WorkspaceRow['problems']; warnings: WorkspaceRow['warnings'] } & {
  /** A cell per category of the event's catalog, and the entries of none (demographic-columns.ts). */
  [demographic: `demographic:${string}`]: string;
};

/** `categories`: the catalog's category names, each a column of its own; none, one demographics column. */
function modelOf(r: WorkspaceRow, categories: readonly string[]): GridModel {
  const model: GridModel = { ...r.cells, position: r.position, row: r.sourceRow === null ? '+' : String(r.sourceRow), invalid: r.invalid, problems: r.problems, warnings: r.warnings };
  if (categories.length > 0) {
    const { cells, other } = categoryCells(r.cells.demographics, categories);
    for (let i = 0; i < cells.length; i++) model[categoryProp(i) as `demographic:${string}`] = cells[i];
    model[OTHER_PROP] = other;
  }
  return model;
}
const problemsKey = (problems: WorkspaceRow['problems']) => problems.map((p) => `${p.kind} ${p.value ?? ''} ${p.limit ?? ''} ${p.row ?? ''}`).join('|');
const warningsKey = (warnings: WorkspaceRow['warnings']) => warnings.map((w) => `${w.kind} ${w.field} ${w.value ?? ''}`).join('|');

/**
 * Which rows the grid shows: those of a group picked in the problems panel, else with "only
 * rows with problems" those with one, else all (null).
 */
export function rowFilter(problemsOnly: boolean, only: ((row: WorkspaceRow) => boolean) | null | undefined): ((row: WorkspaceRow) => boolean) | null {
  return only ?? (problemsOnly ? (row) => row.problems.length > 0 : null);
}

/** `redraw` is asked for when a patched row shows something the grid does not show yet. */
export function useGridModels(rows: () => WorkspaceRow[], redraw: () => void, categories: () => readonly string[] = () => []): ShallowRef<GridModel[]> {
  const all = () => rows().map((r) => modelOf(r, categories()));
  const source = shallowRef<GridModel[]>(all());
  // Another catalog: other columns, so every model anew.
  watch(categories, () => void (source.value = all()));
  watch(rows, (next, previous) => {
    const changed = previous === undefined ? null : changedPlaces(previous, next);
    if (!changed) {
      source.value = all();
      return;
    }
    // The grid already shows what was typed into it; it is redrawn only when a row's marks or
    // a value it does not show yet changed (a bulk fix, an undo), so an edit the person starts
    // meanwhile in another cell is not interrupted.
    let stale = false;
    const names = categories();
    for (const i of changed) {
      const fresh = modelOf(next[i], categories());
      const model = source.value[i];
      if (model.invalid.join() !== fresh.invalid.join() || problemsKey(model.problems) !== problemsKey(fresh.problems) || warningsKey(model.warnings) !== warningsKey(fresh.warnings)) stale = true;
      if (GRID_FIELDS.some((field) => model[field] !== fresh[field])) stale = true;
      // A category's cell typed is folded into the row's demographics at once (demographic-grid.ts): its own cell may still show the old value.
      for (let k = 0; !stale && k < names.length; k++) if (model[categoryProp(k) as `demographic:${string}`] !== fresh[categoryProp(k) as `demographic:${string}`]) stale = true;
      Object.assign(model, fresh);
    }
    if (stale) redraw();
  });
  return source;
}
