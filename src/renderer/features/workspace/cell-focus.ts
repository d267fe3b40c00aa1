/**
 * The page's focus on a grid cell the grid has just moved its own to. The grid draws a move
 * a few frames late, and as it scrolls it reuses its cell elements for other rows: the
 * element focused at once can show another row a frame later (Ctrl+End left the focus on
 * row 1984 of 2,000). So the cell's element is focused again until it has stayed so for a few
 * frames. `x` counts the columns after the pinned row numbers.
 *
 * A cell editor opened meanwhile (a key typed right after Ctrl+End) is the person's: the
 * cell is not focused again over it, or what they type would go nowhere. The editor a move
 * started from (F8 typed in it) is closing, and does not count.
 */
export function focusCellWhenDrawn(grid: Element, x: number, y: number): void {
  let frames = 60;
  let still = 0;
  let given = false;
  // F8 in an open editor saves it and moves on: that editor is going, and is no reason to stop.
  const closing = document.activeElement?.closest('revogr-edit') ?? null;
  const look = () => {
    const active = document.activeElement;
    const editor = active?.closest('revogr-edit');
    if (editor && editor !== closing && grid.contains(editor)) return;
    // Put elsewhere once given (Tab out of the grid): the person's, not to be taken back.
    if (given && active !== null && active !== document.body && !grid.contains(active)) return;
    const cell = grid.querySelector<HTMLElement>(`revogr-data[type="rgRow"][col-type="rgCol"] [data-rgrow="${y}"][data-rgcol="${x}"]`);
    if (cell && active !== cell) cell.focus({ preventScroll: true });
    const holds = cell !== null && document.activeElement === cell;
    given ||= holds;
    still = holds ? still + 1 : 0;
    if (still < 5 && --frames > 0) requestAnimationFrame(look);
  };
  look();
}

/**
 * Whether the focus is where it was when a step began (`from`), or fell to the page (its
 * button was disabled while it ran), or, given `within`, is anywhere in that part (the grid
 * moves its own focus as it scrolls). Focus the person moved elsewhere while waiting for an
 * answer is theirs: the answer does not take it into the grid.
 */
export function focusStayed(from: Element | null, within?: Element): boolean {
  const now = document.activeElement;
  return now === from || now === null || now === document.body || (within !== undefined && within.contains(now));
}
