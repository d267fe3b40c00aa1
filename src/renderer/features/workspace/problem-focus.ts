import { ref } from 'vue';
import type { WorkspaceRow } from '../../../core/contract/app-api';
import { GRID_FIELDS } from '../../../core/drafts/cells';

/**
 * Next and previous problem, as VS Code's F8 walks its Problems panel: the current row is
 * remembered, and the grid scrolls to it and selects its first invalid cell.
 */
/** `shown`: the rows the grid shows, in its order; `problems`: the rows with a problem. */
export function useProblemFocus(shown: () => WorkspaceRow[], problems: () => WorkspaceRow[]) {
  const current = ref<number | null>(null);

  function show(position: number) {
    current.value = position;
    // The grid counts the rows it shows: with the problems filter on, only those with one.
    const all = shown();
    const index = all.findIndex((r) => r.position === position);
    const grid = document.querySelector('revo-grid') as (HTMLElement & { scrollToRow?: (i: number) => Promise<void>; setCellsFocus?: (a: object, b: object) => Promise<void> }) | null;
    if (index < 0 || !grid) return;
    void grid.scrollToRow?.(index);
    // The sheet-row column is pinned apart, so the editable columns count from 0.
    const column = Math.max(0, GRID_FIELDS.indexOf(all[index].invalid[0] ?? 'name'));
    void grid.setCellsFocus?.({ x: column, y: index }, { x: column, y: index });
  }

  function step(direction: 1 | -1) {
    const list = problems();
    if (list.length === 0) return;
    const at = list.findIndex((r) => r.position === current.value);
    const next = at < 0 ? (direction === 1 ? 0 : list.length - 1) : (at + direction + list.length) % list.length;
    show(list[next].position);
  }

  return { current, show, step };
}
