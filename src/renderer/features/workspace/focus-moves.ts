/**
 * The grid's focus moves on its own time: RevoGrid takes an arrow's focus to the next cell
 * some 70 ms after the key. Until then a key typed at once acts on the cell being left.
 * This counts the arrows typed and not landed yet, by the cells that take the focus, so the
 * held keys (grid-held-keys.ts) can wait for the last of them.
 */
const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/** An arrow that moves the grid's focus to the next cell (Shift widens a selection instead). */
export const movesByArrow = (key: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey'>): boolean => ARROWS.has(key.key) && !key.shiftKey && !key.altKey;

/** A grid cell by its place (grid part, row and column), or null for anything else. */
function cellPlace(target: EventTarget | null): string | null {
  if (!(target instanceof Element) || target.closest('revogr-edit')) return null;
  const cell = target.closest('[data-rgcol]');
  const part = cell?.closest('revogr-data');
  return cell ? `${part?.getAttribute('type')}:${part?.getAttribute('col-type')}:${cell.getAttribute('data-rgrow')}:${cell.getAttribute('data-rgcol')}` : null;
}

/** `most`: how long after the last move typed it is given up on (an arrow at the grid's edge moves nothing). */
export function useFocusMoves(host: HTMLElement, most: number) {
  /** Moves not landed in a cell yet, and when the last one was typed. */
  let pending = 0;
  let last = 0;
  /** The cell the focus was in when the moves began, or last moved to. */
  let movedTo: string | null = null;
  /** The last cell that had the focus (a redrawn row takes it to the page's body for a moment). */
  let lastCell: string | null = null;

  /**
   * The focus reached another cell: one move is done. The cell being left taking the focus
   * again (its row redrawn by an edit's answer) is no move.
   */
  const onFocus = (event: FocusEvent) => {
    const place = cellPlace(event.target);
    if (place !== null) lastCell = place;
    if (pending === 0 || place === null || place === movedTo) return;
    movedTo = place;
    pending--;
  };
  // A click ends the moves: the focus goes where the pointer says.
  const onPointer = () => void (pending = 0);
  host.addEventListener('focusin', onFocus, true);
  host.addEventListener('pointerdown', onPointer, true);

  return {
    /** An arrow typed. */
    started() {
      if (pending === 0) movedTo = cellPlace(document.activeElement) ?? lastCell;
      pending++;
      last = performance.now();
    },
    /** Every move typed has landed, or the last was typed too long ago. */
    landed: (): boolean => {
      if (pending > 0 && performance.now() - last < most) return false;
      pending = 0;
      return true;
    },
    stop() {
      host.removeEventListener('focusin', onFocus, true);
      host.removeEventListener('pointerdown', onPointer, true);
    },
  };
}
