/**
 * Keys typed while a cell's editor is closing. After Enter, Tab or Escape the grid closes the
 * editor on its own schedule: a key typed at once (F8 and the next fix, by a fast typist)
 * would be added to the editor that is going, or start an edit that the closing then ends,
 * and be lost. Such keys are held until the editor has gone, then given to the page again one
 * by one in the order they were typed, each where the grid would have taken it. While no
 * editor is open, to the focused cell: a character or Enter there opens the next editor, F8
 * and the arrows move. Once a given-back key opens an editor, everything after it goes into
 * that editor as the browser would have typed it (editor-typing.ts): characters at the caret,
 * the caret keys, Backspace and Delete, a paste, and Enter, Tab, Escape or Ctrl+Z given to it
 * (so Ctrl+Z does not undo the list behind the editor). Keys held when the person has left
 * the grid meanwhile are dropped.
 */
import { CARET_KEYS, ERASING_KEYS, erase, moveCaret, oneLine, typeInto, typesCharacter } from './editor-typing';
import { movesByArrow, useFocusMoves } from './focus-moves';

/** Longest wait for an editor to go, or to be drawn, before the keys are given back anyway. */
const MOST_MS = 1_000;
/** Longest wait for a move given back (an arrow, F8) to take the grid's focus to its cell: the grid moves it some 70 ms later. */
const MOVE_MS = 400;
/** Longest wait for a move the app makes itself (it asks the grid first, then scrolls): slow on a loaded machine. */
const APP_MOVE_MS = 3_000;
/** Longest wait for an editor the grid has started to take the focus: slow on a loaded machine too. */
const EDITOR_MS = 3_000;
/** How long the focus stays put before a move counts as done. */
const STILL_MS = 50;
/** Keys that move the grid's focus when no editor is open. */
const MOVING = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', 'Tab', 'F8']);

/** Keys not held: modifiers alone, and those an input method composes a character from (a given-back key composes nothing). */
const PASSING = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'Dead', 'Process', 'Unidentified']);

/** No Ctrl, Cmd or Alt: the key as typed, not a shortcut. */
const unmodified = (key: KeyboardEvent) => !key.ctrlKey && !key.metaKey && !key.altKey;

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * Whether the focus has left `from` and stayed where it went for a moment: two F8 at once move
 * it twice, the first landing on the way to the second.
 */
function movedFrom(from: Element | null): () => boolean {
  let last = from;
  let since = performance.now();
  return () => {
    const now = document.activeElement;
    if (now !== last) {
      last = now;
      since = performance.now();
    }
    return now !== from && performance.now() - since >= STILL_MS;
  };
}

async function until(test: () => boolean, most = MOST_MS): Promise<void> {
  const since = performance.now();
  while (!test() && performance.now() - since < most) await frame();
}

/** A key, or a paste's data, in the order they came. */
type Held = KeyboardEvent | { paste: DataTransfer };

/**
 * Copy, cut and paste keys pass at once: given back, they would do nothing (the browser
 * copies and pastes only for a key it saw); the paste one makes is held instead. By the key
 * or, on a layout whose letters are not Latin, by the key's place.
 */
export function isClipboardKey(event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  if (event.key === 'Insert') return event.shiftKey || event.ctrlKey;
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return false;
  return ['c', 'v', 'x'].includes(event.key.toLowerCase()) || ['KeyC', 'KeyV', 'KeyX'].includes(event.code);
}

export function useHeldKeys(host: HTMLElement): {
  hold: () => void;
  holdWhileMoving: () => void;
  holdWhileArrowing: () => void;
  holdUntilMoved: (move: Promise<unknown>) => void;
  holdWhileOpening: () => void;
  take: (event: KeyboardEvent) => boolean;
  stop: () => void;
} {
  /** Keys waiting to be given back; null when none are held. */
  let queue: Held[] | null = null;
  /** What the keys typed now wait for (the closing editor gone, the grid's focus moved), and for how long at most. */
  let settled: { test: () => boolean; most: number } | null = null;
  let stopped = false;
  const moves = useFocusMoves(host, MOVE_MS);
  /** When the grid last started an edit: it says so (beforeeditstart) while it handles the key that starts it. */
  let editStarted = Number.NEGATIVE_INFINITY;
  const onEditStart = (event: Event) => {
    if (!event.defaultPrevented) editStarted = performance.now();
  };
  host.addEventListener('beforeeditstart', onEditStart);

  const editorOpen = () => host.querySelector('revogr-edit') !== null;
  const editorInput = () => host.querySelector<HTMLInputElement>('revogr-edit input');
  const editorFocused = () => {
    const input = editorInput();
    return input !== null && document.activeElement === input;
  };
  function cell(): Element {
    const active = document.activeElement;
    return active && active !== document.body && host.contains(active) && !active.closest('revogr-edit') ? active : (host.querySelector('revo-grid') ?? document.body);
  }

  /** Whether the page took the key (the grid starts an edit with a character so). */
  function giveBack(key: KeyboardEvent, target: Element): boolean {
    const { key: name, code, shiftKey, ctrlKey, metaKey, altKey } = key;
    return !target.dispatchEvent(new KeyboardEvent('keydown', { key: name, code, shiftKey, ctrlKey, metaKey, altKey, bubbles: true, cancelable: true, composed: true }));
  }

  /**
   * Whether the editor a key given back at `since` opened is on the page, or comes. The grid
   * says whether the key started an edit while it handles it, which is over a task later; when
   * it started none (a read-only cell), none comes.
   */
  async function editorComing(since: number): Promise<boolean> {
    if (editorOpen()) return true;
    await new Promise((resolve) => setTimeout(resolve));
    if (editStarted < since) return editorOpen();
    await until(editorOpen, EDITOR_MS);
    return editorOpen();
  }

  /** A key into the editor's input, done as the browser would have done it. */
  function intoEditor(input: HTMLInputElement, key: KeyboardEvent) {
    // Shift+Delete cuts and Ctrl+Backspace erases a word, neither done here: given to the editor as they are, they do nothing.
    if (ERASING_KEYS.has(key.key) && !(key.key === 'Delete' && key.shiftKey) && unmodified(key)) erase(input, key.key === 'Backspace');
    else if (CARET_KEYS.has(key.key) && moveCaret(input, key)) return;
    else if ((key.ctrlKey || key.metaKey) && !key.altKey && (key.key.toLowerCase() === 'a' || key.code === 'KeyA')) input.setSelectionRange(0, input.value.length);
    else if (typesCharacter(key)) typeInto(input, key.key);
    // Enter, Tab, Escape: the editor's own; Ctrl+Z and the like stay with the editor too.
    else giveBack(key, input);
  }

  async function drain() {
    // A given-back key opened an editor (a character or Enter on a cell) that is not drawn yet.
    let opening = false;
    /** When the key that is opening an editor was given back. */
    let openedAt = 0;
    try {
      for (;;) {
        if (settled) {
          const { test, most } = settled;
          await until(test, most);
          if (settled?.test === test) settled = null;
          opening = false;
        }
        const key = queue?.shift();
        if (!key) {
          // An editor a given-back key opened takes keys only once it has the focus: until then
          // whatever comes (Ctrl+Z, a paste) is held too, or it would reach the list behind it.
          if (!opening || stopped || editorFocused()) return;
          if (await editorComing(openedAt)) await until(() => editorFocused() || (queue?.length ?? 0) > 0);
          else opening = false;
          if (!queue?.length) return;
          continue;
        }
        if (stopped) return;
        // The person left the grid meanwhile (Tab out of it): what follows was not meant for it.
        const active = document.activeElement;
        if (active && active !== document.body && !host.contains(active)) return;
        let input: HTMLInputElement | null = null;
        if (opening && !(await editorComing(openedAt))) opening = false;
        if (opening || editorOpen()) {
          await until(() => editorInput() !== null);
          input = editorInput();
          // None came (a read-only cell): what follows goes to the grid, without waiting again.
          if (!input) opening = false;
        }
        if ('paste' in key) {
          if (input) typeInto(input, oneLine(key.paste.getData('text/plain')), 'insertFromPaste');
          else {
            cell().dispatchEvent(new ClipboardEvent('paste', { clipboardData: key.paste, bubbles: true, cancelable: true, composed: true }));
            // The grid reads its focus for the paste a moment later: the next key must not move it first.
            await frame();
          }
          continue;
        }
        const from = document.activeElement;
        if (input) {
          intoEditor(input, key);
          // F8 saves the editor and goes to the next problem: what follows is typed there.
          if (key.key === 'F8') await until(movedFrom(from), MOVE_MS);
        } else {
          const since = performance.now();
          const taken = giveBack(key, cell());
          // A character the grid took, or Enter, may open an editor; whether it did, and its drawing, are waited for above.
          opening = (typesCharacter(key) && taken) || (key.key === 'Enter' && unmodified(key));
          if (opening) openedAt = since;
          // An arrow or F8 moves the grid's focus on the grid's own time: the next key must find it moved.
          if (MOVING.has(key.key)) await until(movedFrom(from), MOVE_MS);
        }
        if (!typesCharacter(key)) await frame();
      }
    } finally {
      queue = null;
    }
  }

  function holdUntil(test: () => boolean, most: number) {
    if (stopped) return;
    settled = { test, most };
    if (queue) return;
    queue = [];
    void drain();
  }

  /** An editor is closing: keys typed from now on wait until it has gone. */
  const hold = () => holdUntil(() => !editorOpen(), MOST_MS);

  /**
   * F8 moves the grid's focus on its own time (a scroll, then the cell): keys typed from now on
   * wait until the focus has moved, or they would land in the cell it leaves.
   */
  function holdWhileMoving() {
    if (queue) return;
    holdUntil(movedFrom(document.activeElement), MOVE_MS);
  }

  /**
   * An arrow moves the grid's focus some 70 ms after it is typed: a character typed at once
   * would start an edit in the cell being left. Keys typed from now on wait until every arrow's
   * move has landed; further arrows pass meanwhile (a held-down arrow moves at the keyboard's
   * pace), unless a key is already waiting, which they then wait behind.
   */
  function holdWhileArrowing() {
    moves.started();
    // No limit of its own: the moves are given up on MOVE_MS after the last, however long they came.
    if (!queue) holdUntil(moves.landed, Number.POSITIVE_INFINITY);
  }

  /**
   * Home, End, PageUp and PageDown the app moves itself, once the grid has said where its focus
   * is: keys typed from now on (an arrow too, which the grid would take from the old cell) wait
   * until that move is done and drawn.
   */
  function holdUntilMoved(move: Promise<unknown>) {
    let done = false;
    void move.finally(() => requestAnimationFrame(() => (done = true)));
    if (!queue) holdUntil(() => done, APP_MOVE_MS);
  }

  /**
   * A character or Enter typed on a cell starts an edit whose editor the grid draws a frame or
   * more later: Enter typed at once reached the cell instead and was lost, the edit left open.
   * Keys typed from now on wait until the editor has the focus and then go into it. Whether an
   * edit started is the grid's word, said while it handles this key (after this listener), not
   * a guess from the time: a busy page can take longer than any guess. When it started none (a
   * read-only cell), the keys go on to the grid once the key has been handled.
   */
  function holdWhileOpening() {
    if (queue) return;
    const since = performance.now();
    let handled = false;
    setTimeout(() => (handled = true));
    holdUntil(() => editorFocused() || (handled && editStarted < since), EDITOR_MS);
  }

  /** A paste while keys are held waits behind them, with what it pastes. */
  function onPaste(event: ClipboardEvent) {
    if (!queue || !event.isTrusted || !event.clipboardData) return;
    const target = event.target;
    if (target instanceof Node && !host.contains(target) && target !== document.body) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const data = new DataTransfer();
    for (const type of event.clipboardData.types) if (type.startsWith('text/')) data.setData(type, event.clipboardData.getData(type));
    queue.push({ paste: data });
  }
  document.addEventListener('paste', onPaste, true);

  /** Whether the key was taken, to be given back once no editor is closing. Undo is held, so it acts where it was meant. */
  function take(event: KeyboardEvent): boolean {
    if (!queue || !event.isTrusted || PASSING.has(event.key) || isClipboardKey(event) || event.isComposing) return false;
    // Arrows after arrows, with nothing waiting between: the grid takes them as they come.
    if (settled?.test === moves.landed && queue.length === 0 && movesByArrow(event)) return false;
    event.preventDefault();
    event.stopImmediatePropagation();
    queue.push(event);
    return true;
  }

  return {
    hold,
    holdWhileMoving,
    take,
    holdWhileArrowing,
    holdUntilMoved,
    holdWhileOpening,
    stop() {
      stopped = true;
      queue = null;
      document.removeEventListener('paste', onPaste, true);
      host.removeEventListener('beforeeditstart', onEditStart);
      moves.stop();
    },
  };
}
