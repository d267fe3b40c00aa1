import { ref } from 'vue';
import type { WorkspaceRow } from '../../../core/contract/app-api';
import { GRID_FIELDS, type GridField } from '../../../core/drafts/cells';
import { problemField } from '../../../core/drafts/problem-groups';
import { focusCellWhenDrawn, focusStayed } from './cell-focus';

/**
 * The problem F8 (1) or Shift+F8 (-1) goes to. `from`: the problem F8 last went to, and then
 * the next or previous in the list; or `at`: the row the person is on, and then the first
 * problem at or after it (at or before it, going back), as VS Code's F8 goes on from the
 * cursor; wrapping round. `problems`: the rows with a problem, in grid order; `order`: each
 * shown row's place.
 */
export function nextProblem(
  problems: readonly WorkspaceRow[],
  order: ReadonlyMap<number, number>,
  start: { from: number | null } | { at: number },
  direction: 1 | -1,
): WorkspaceRow | null {
  const count = problems.length;
  if (count === 0) return null;
  const row = 'at' in start ? start.at : start.from;
  const index = problems.findIndex((r) => r.position === row);
  if (index >= 0) return 'at' in start ? problems[index] : problems[(index + direction + count) % count];
  const place = row === null ? undefined : order.get(row);
  if (place !== undefined) {
    const beyond = direction === 1 ? problems.find((r) => (order.get(r.position) ?? -1) > place) : problems.findLast((r) => (order.get(r.position) ?? Infinity) < place);
    if (beyond) return beyond;
  }
  return problems[direction === 1 ? 0 : count - 1];
}

/**
 * The cell a problem walk stops at in a row: its first invalid one; for a repeat, the cell it
 * repeats on (marked with it); for a warning, the cell it is about; otherwise the name.
 */
export function problemCell(row: Pick<WorkspaceRow, 'invalid' | 'problems' | 'warnings'>): GridField {
  const field = row.invalid[0] ?? (row.problems[0] && problemField(row.problems[0].kind)) ?? row.warnings[0]?.field;
  return field !== undefined && (GRID_FIELDS as readonly string[]).includes(field) ? (field as GridField) : 'name';
}

type ShowingGrid = HTMLElement & {
  scrollToRow?: (i: number) => Promise<void>;
  setCellsFocus?: (a: object, b: object) => Promise<void>;
  getFocused?: () => Promise<{ cell?: { x: number; y: number } } | null>;
};

/**
 * Scrolls to the cell and selects it, again each frame until the grid says it is selected: a
 * row just added is in the grid's data a render before the grid counts it, and selected
 * before, the selection went to the row above, where what was typed next overwrote a person.
 */
async function selectCell(grid: ShowingGrid, x: number, y: number, current: () => boolean): Promise<boolean> {
  // A few frames at most: the grid counts a new row a render or two after the store has it.
  for (let frames = 0; frames < 30; frames++) {
    // A later move (F8 pressed again at once) has the grid now.
    if (!current()) return false;
    await Promise.all([grid.scrollToRow?.(y), grid.setCellsFocus?.({ x, y }, { x, y })]);
    // By its row: a column the grid has fewer of (demographics by category) it may place otherwise.
    const cell = (await grid.getFocused?.())?.cell;
    if (!cell || cell.y === y) return current();
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return current();
}

/**
 * Next and previous problem, as VS Code's F8 walks its Problems panel: the current row is
 * remembered, and the grid scrolls to it and selects its first invalid cell. `focused`: the
 * row the grid's focus is on; when the person moved away from the problem F8 last went to
 * (or Enter took them to the row below), F8 goes on from there instead.
 */
/** `shown`: the rows the grid shows, in its order; `problems`: the rows with a problem. */
export function useProblemFocus(shown: () => WorkspaceRow[], problems: () => WorkspaceRow[], focused: () => number | null = () => null) {
  const current = ref<number | null>(null);
  /** Counts the moves asked for: only the last one goes on selecting its cell. */
  let showing = 0;

  /**
   * Selects the row's first invalid cell. `into`: the page's focus goes there too, so what is
   * typed next fixes it (F8 typed anywhere, a problem picked in the list), as VS Code's F8 puts
   * the cursor in the editor; a toolbar button pressed keeps it, to be pressed again.
   */
  function show(position: number, into = false) {
    current.value = position;
    // The grid counts the rows it shows: with the problems filter on, only those with one.
    const all = shown();
    const index = all.findIndex((r) => r.position === position);
    const grid = document.querySelector('revo-grid') as ShowingGrid | null;
    if (index < 0 || !grid) return;
    // The sheet-row column is pinned apart, so the editable columns count from 0.
    const column = Math.max(0, GRID_FIELDS.indexOf(problemCell(all[index])));
    // The scroll may take a while on a long list: focus the person moved meanwhile stays theirs.
    const from = document.activeElement;
    const mine = ++showing;
    void selectCell(grid, column, index, () => mine === showing).then((selected) => selected && into && focusStayed(from, grid) && focusCellWhenDrawn(grid, column, index));
  }

  /** The focused row when F8 was last pressed: the grid reports a new focus a frame later, so a quick second F8 still sees it. */
  let lastFocused: number | null = null;
  function step(direction: 1 | -1, into = false) {
    const here = focused();
    const moved = here !== null && here !== lastFocused && here !== current.value;
    lastFocused = here;
    const order = new Map(shown().map((r, i) => [r.position, i]));
    const next = nextProblem(problems(), order, moved ? { at: here } : { from: current.value }, direction);
    if (next) show(next.position, into);
  }

  return { current, show, step };
}
