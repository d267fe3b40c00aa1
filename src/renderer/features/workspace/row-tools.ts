/**
 * The toolbar's Add a row and Delete the selected row, with the focus where a person goes on
 * from: the new row's first cell to fill in; the row now in the deleted one's place. Unless
 * the person put the focus somewhere else while the main side answered.
 */
import type { Ref } from 'vue';
import type { WorkspaceRow } from '../../../core/contract/app-api';
import { focusStayed } from './cell-focus';

export interface RowTools {
  rows: () => readonly WorkspaceRow[];
  /** The rows the grid shows, in its order. */
  shown: () => readonly WorkspaceRow[];
  add: () => Promise<unknown>;
  remove: (positions: number[]) => Promise<unknown>;
  /** The grid's focus (and the page's) to the row's first cell to fill in. */
  show: (position: number, into: boolean) => void;
}

export function useRowTools(tools: RowTools, focusedRow: Ref<number | null>) {
  return {
    async addRow() {
      const before = tools.rows().length;
      const from = document.activeElement;
      await tools.add();
      const added = tools.rows().at(-1);
      if (added && tools.rows().length > before) tools.show(added.position, focusStayed(from));
    },
    async deleteFocusedRow() {
      const position = focusedRow.value;
      if (position === null) return;
      const at = tools.shown().findIndex((r) => r.position === position);
      const from = document.activeElement;
      await tools.remove([position]);
      focusedRow.value = null;
      const rows = tools.shown();
      const next = rows[Math.min(at, rows.length - 1)];
      if (at >= 0 && next && !rows.some((r) => r.position === position)) tools.show(next.position, focusStayed(from));
    },
  };
}
