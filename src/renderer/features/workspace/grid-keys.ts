/**
 * The grid as one stop in the page's Tab order, as a spreadsheet is: Tab goes into it and
 * selects a cell, arrows, Home/End and PageUp/PageDown move the cell focus, Tab and
 * Shift+Tab leave it for the next or previous control.
 *
 * RevoGrid listens for keys on the whole document once a cell was focused, so without this
 * a Tab in a dialog or the toolbar moved the grid's focus instead of the page's, and Space
 * in a dialog opened a cell editor behind it.
 */
import { typesCharacter } from './editor-typing';
import { movesByArrow } from './focus-moves';
import { useHeldKeys } from './grid-held-keys';
import { focusCellWhenDrawn } from './cell-focus';

type Grid = HTMLElement & {
  getFocused?: () => Promise<{ cell?: { x: number; y: number } } | null>;
  setCellsFocus?: (start: object, end: object) => Promise<void>;
  scrollToRow?: (y: number) => Promise<void>;
  scrollToColumnIndex?: (x: number) => Promise<void>;
  getVisibleSource?: () => Promise<unknown[]>;
};

const TABBABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';

export const modalOpen = () => document.querySelector('dialog[open]:modal') !== null;

const editing = (target: EventTarget | null) => target instanceof Element && target.closest('revogr-edit, input, textarea, select') !== null;

const typedInEditor = (event: KeyboardEvent) =>
  event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && event.target instanceof Element && event.target.closest('revogr-edit') !== null;

function tabbables(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && !e.closest('[inert], [hidden]') && e.checkVisibility(),
  );
}

/** The next control after the grid (or the previous one before it), leaving it as Tab would. */
function leave(host: HTMLElement, backwards: boolean): void {
  const outside = tabbables().filter((e) => !host.contains(e));
  const after = outside.filter((e) => (host.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0);
  const before = outside.filter((e) => (host.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_PRECEDING) !== 0);
  // The first that takes the focus: a control can look focusable and still refuse it.
  for (const control of backwards ? before.reverse() : after) {
    control.focus();
    if (document.activeElement === control) return;
  }
}

/** `columns`: how many columns the grid has after its pinned row numbers (a demographic category's each). */
export function useGridKeys(
  host: HTMLElement,
  columns: () => number,
): { stop: () => void; refocus: () => void; refocusAfterEdit: () => void; refocusAfterRemoval: () => void; show: (x: number, y: number) => Promise<void> } {
  const grid = () => host.querySelector('revo-grid') as Grid | null;
  /**
   * Whether the grid had the focus last: a cell's editor or a redrawn row takes the focus
   * with it when it goes (to the page's body), and the keys still belong to the grid then.
   */
  let gridHadFocus = false;
  const ours = (target: EventTarget | null) => !modalOpen() && target instanceof Node && (host.contains(target) || (target === document.body && gridHadFocus));

  /** `take`: the page's focus goes to the cell too (by default only when it is in the grid already). */
  async function moveTo(x: number, y: number, take = false) {
    const g = grid();
    const rows = (await g?.getVisibleSource?.())?.length ?? 0;
    if (rows === 0 || !g) return;
    const cell = { x: Math.max(0, Math.min(x, columns() - 1)), y: Math.max(0, Math.min(y, rows - 1)) };
    await g.scrollToRow?.(cell.y);
    await g.scrollToColumnIndex?.(cell.x);
    await g.setCellsFocus?.(cell, cell);
    if ((take || host.contains(document.activeElement)) && !modalOpen()) focusCellWhenDrawn(g, cell.x, cell.y);
  }

  /** The page's focus to the grid's focused cell, drawn with its ring. */
  async function focusCell() {
    const at = (await grid()?.getFocused?.()) as { cell?: { x: number; y: number }; rowType?: string; colType?: string } | null;
    if (at?.cell && !modalOpen()) host.querySelector<HTMLElement>(`revogr-data[type="${at.rowType}"][col-type="${at.colType}"] [data-rgrow="${at.cell.y}"][data-rgcol="${at.cell.x}"]`)?.focus({ preventScroll: true });
  }

  /** The focused cell takes the page's focus again, after an editor closed or its row was redrawn. */
  function refocus() {
    requestAnimationFrame(() => {
      // Not while an editor is opening: its input takes the focus a moment later, and the keys
      // typed meanwhile would start another edit in the cell.
      if (host.querySelector('revogr-edit')) return;
      if (gridHadFocus && (document.activeElement === document.body || document.activeElement === null)) void focusCell();
    });
  }

  /**
   * Rows taken away under the focused cell (an added row undone) take its element, and the
   * page's focus falls to its body: the grid's focus goes to the nearest row, and the page's with it.
   */
  function refocusAfterRemoval() {
    requestAnimationFrame(async () => {
      const active = document.activeElement;
      if (!gridHadFocus || modalOpen() || host.querySelector('revogr-edit') || (active !== null && active !== document.body)) return;
      const at = (await grid()?.getFocused?.())?.cell;
      await moveTo(at?.x ?? 0, at?.y ?? 0, true);
    });
  }

  /**
   * An edit typed in a cell is answered when the main side has checked it, which may be well
   * after its editor closed, and the grid redraws that row on its own schedule, taking the
   * focus with the old cell. So for a while after an editor closed, any redraw in the grid
   * gives the focused cell the focus back when it was lost.
   */
  let editedUntil = 0;
  let watching: MutationObserver | null = null;
  function refocusAfterEdit() {
    if (performance.now() >= editedUntil) return;
    refocus();
    if (watching) return;
    watching = new MutationObserver(() => {
      if (performance.now() >= editedUntil) {
        watching?.disconnect();
        watching = null;
      } else refocus();
    });
    watching.observe(host, { childList: true, subtree: true });
  }

  /**
   * Keys the grid must not take: any while a dialog is open, any meant for another control, and
   * a character typed into a cell's editor. That one is the editor's; the grid's own state can
   * lag behind its editor for a moment (an earlier edit's answer redrawing the list), and then
   * read the character as the start of a new edit, swallowing it.
   */
  function beforeKey(event: Event) {
    const original = (event as CustomEvent<{ original?: KeyboardEvent }>).detail?.original;
    const target = original?.target ?? null;
    if (!ours(target) || (original && typedInEditor(original))) event.preventDefault();
  }

  const heldKeys = useHeldKeys(host);

  function onKey(event: KeyboardEvent) {
    if (!ours(event.target) || heldKeys.take(event)) return;
    // A character or Enter on a cell starts an edit: what is typed at once waits for its editor.
    const inEditor = editing(event.target);
    const opens = typesCharacter(event) || event.key === 'Enter';
    if (event.isTrusted && !inEditor && opens) heldKeys.holdWhileOpening();
    if (event.altKey) return;
    // Problems are walked by F8 (WorkspaceView), which moves the focus a moment later.
    if (event.key === 'F8' && !event.ctrlKey && !event.metaKey) heldKeys.holdWhileMoving();
    if (inEditor) {
      // The editor goes with Enter, Tab or Escape, and the focus with it.
      if ((event.key === 'Enter' || event.key === 'Tab' || event.key === 'Escape') && !event.isComposing && event.target instanceof Element && event.target.closest('revogr-edit')) heldKeys.hold();
      if (event.key === 'Enter' || event.key === 'Escape') {
        editedUntil = performance.now() + 5_000;
        window.setTimeout(refocusAfterEdit, 50);
      }
      return;
    }
    const page = Math.max(1, Math.floor((host.querySelector('revogr-viewport-scroll.rgCol')?.clientHeight ?? 320) / 32) - 2);
    const moves: Record<string, (at: { x: number; y: number }) => [number, number]> = {
      Home: (at) => (event.ctrlKey || event.metaKey ? [0, 0] : [0, at.y]),
      End: (at) => (event.ctrlKey || event.metaKey ? [Infinity, Infinity] : [Infinity, at.y]),
      PageUp: (at) => [at.x, at.y - page],
      PageDown: (at) => [at.x, at.y + page],
    };
    // The grid moves its focus on its own time: what is typed next waits for it.
    // (A key given back from the held ones is waited for where it is given back.)
    if (movesByArrow(event) && event.isTrusted) heldKeys.holdWhileArrowing();
    if (event.key === 'Tab' && !event.ctrlKey && !event.metaKey) {
      // Taken before the grid's own listener, which reads Tab as "next cell".
      event.preventDefault();
      gridHadFocus = false;
      leave(host, event.shiftKey);
    } else if (moves[event.key]) {
      event.preventDefault();
      const move = moves[event.key];
      const moving = grid()
        ?.getFocused?.()
        .then((focused) => moveTo(...move(focused?.cell ?? { x: 0, y: 0 })));
      // Moved here, after the grid has said where its focus is: the next keys wait until it is done.
      if (moving && event.isTrusted) heldKeys.holdUntilMoved(moving);
    } else if (event.target === document.body) refocus();
  }

  /**
   * A click in the grid takes the keys at once. The grid gives the clicked cell the page's
   * focus a moment later; a key typed meanwhile went to the control that still had it (a
   * checkbox just ticked) and was lost, so that control lets go of the focus here.
   */
  function onPointerDown() {
    if (modalOpen()) return;
    gridHadFocus = true;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !host.contains(active)) active.blur();
  }

  function onFocusIn(event: FocusEvent) {
    gridHadFocus = event.target instanceof Node && host.contains(event.target);
    // Tab into the grid: a cell takes the focus (the one last focused, or the first).
    if (!gridHadFocus || !(event.target instanceof Element) || event.target.closest('[data-rgcol]') || editing(event.target)) return;
    void grid()
      ?.getFocused?.()
      .then((focused) => moveTo(focused?.cell?.x ?? 0, focused?.cell?.y ?? 0))
      .then(focusCell);
  }

  /**
   * The grid focuses a cell with a plain `focus()`, which also scrolls the page and the
   * grid's clipped boxes when the cell is partly hidden: the header then no longer lines
   * up with its columns ("al ID"). The cell is focused here without that scroll; the grid's
   * own scrolling has already brought it into view. Only while the page's focus is in the
   * grid or nowhere: a cell selected from outside (the toolbar's Next problem, a row added
   * while the person went on elsewhere) leaves the focus where the person has it.
   */
  function onAfterFocus(event: Event) {
    const detail = (event as CustomEvent<{ rowType?: string; colType?: string; rowIndex?: number; colIndex?: number }>).detail;
    event.preventDefault();
    const active = document.activeElement;
    if (modalOpen() || (active !== null && active !== document.body && !host.contains(active))) return;
    host.querySelector<HTMLElement>(`revogr-data[type="${detail?.rowType}"][col-type="${detail?.colType}"] [data-rgrow="${detail?.rowIndex}"][data-rgcol="${detail?.colIndex}"]`)?.focus({ preventScroll: true });
  }

  host.addEventListener('beforekeydown', beforeKey);
  host.addEventListener('afterfocus', onAfterFocus, true);
  host.addEventListener('pointerdown', onPointerDown, true);
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('focusin', onFocusIn);
  return {
    refocus,
    refocusAfterEdit,
    refocusAfterRemoval,
    /** A cell scrolled to and focused, with the page's focus (a problem picked in a list beside the grid). */
    show: (x, y) => moveTo(x, y, true),
    stop() {
      watching?.disconnect();
      heldKeys.stop();
      host.removeEventListener('beforekeydown', beforeKey);
      host.removeEventListener('afterfocus', onAfterFocus, true);
      host.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocusIn);
    },
  };
}
