/**
 * With only some rows shown (those with a problem, or one group's), a fixed row leaves the
 * grid and the rows after it move up one, while the grid keeps its focus at the same place:
 * after Enter the person found themselves a row further on than the next problem, one
 * skipped. The focus follows its row instead, while it is shown:
 * - Enter took it one down before the answer came: it stays on that row as the rows move up.
 * - The answer came first (the edited row gone, the next one now in its place): the grid's
 *   move one down for that Enter is taken back, as that row is already the next. Only for
 *   Enter, and only while no other key or press came after it.
 */
import { nextTick, onUnmounted, watch, type WatchSource } from 'vue';

type Grid = HTMLElement & {
  getFocused?: () => Promise<{ model?: { position?: number }; cell?: { x: number; y: number } } | null>;
  setCellsFocus?: (start: object, end: object) => Promise<void>;
};

/** How long after an edit its row leaving may still be followed by the grid's move for its Enter. */
const MOVE_MS = 1_000;

/** `shown`: the rows the grid shows, in its order, when only some are; `hidden`: changes when others are hidden. */
export function useFocusThroughFilter(
  host: () => HTMLElement | null,
  shown: () => readonly { position: number }[] | null,
  hidden: WatchSource<unknown>,
): { focused: (position: number | null, y?: number, x?: number) => void; edited: (position: number) => void } {
  /** The row the grid's focus was last put on. */
  let on: number | null = null;
  /** The row last edited in a cell, and when. */
  let edited: { position: number; at: number } | null = null;
  /** Where the edited row was when it left: a move one down from there comes from its Enter. */
  let left: { y: number; until: number } | null = null;
  const grid = () => host() as Grid | null;
  /** Whether the last key or press was Enter in a cell's editor: only its move down is taken back. */
  let byEnter = false;
  const onKey = (event: KeyboardEvent) => {
    byEnter = event.key === 'Enter' && event.target instanceof Element && event.target.closest('revogr-edit') !== null;
    if (!byEnter && !['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) left = null;
  };
  const onPointer = () => {
    byEnter = false;
    left = null;
  };
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('pointerdown', onPointer, true);
  onUnmounted(() => {
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('pointerdown', onPointer, true);
  });

  watch(
    hidden,
    async () => {
      const position = on;
      const rows = shown();
      if (position === null || !rows) return;
      // The grid takes its hidden rows as the page is drawn: its focus is read after.
      await nextTick();
      const g = grid();
      const at = await g?.getFocused?.();
      if (!g || !at?.cell || at.model?.position === position) return;
      const y = rows.findIndex((r) => r.position === position);
      if (y >= 0) await g.setCellsFocus?.({ x: at.cell.x, y }, { x: at.cell.x, y });
      else if (byEnter && edited?.position === position && performance.now() - edited.at < MOVE_MS) left = { y: at.cell.y, until: performance.now() + MOVE_MS };
    },
    { flush: 'post' },
  );

  return {
    focused(position, y, x) {
      on = position;
      const from = left;
      left = null;
      if (from && y === from.y + 1 && x !== undefined && performance.now() < from.until) void grid()?.setCellsFocus?.({ x, y: from.y }, { x, y: from.y });
    },
    edited(position) {
      edited = { position, at: performance.now() };
    },
  };
}
