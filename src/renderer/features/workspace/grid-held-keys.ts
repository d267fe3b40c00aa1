/**
 * Keys typed while a cell's editor is closing. After Enter, Tab or Escape the grid closes the
 * editor on its own schedule: a key typed at once (F8 and the next fix, by a fast typist)
 * would be added to the editor that is going, or start an edit that the closing then ends,
 * and be lost. Such keys are held until the editor has gone, then given to the page again one
 * by one in the order they were typed, each where the grid would have taken it: a character
 * into the focused cell (which starts an edit, or adds to the one just started), Enter, Tab,
 * Escape, Backspace and Delete into the editor once it is drawn, anything else (F8) to the
 * page. Keys held when the person has left the grid meanwhile are dropped.
 */

/** Longest wait for an editor to go, or to be drawn, before the keys are given back anyway. */
const MOST_MS = 1_000;

const CLOSING = new Set(['Enter', 'Tab', 'Escape']);
/** Keys not held: modifiers alone, and those an input method composes a character from (a given-back key composes nothing). */
const PASSING = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'Dead', 'Process', 'Unidentified']);
const ERASING = new Set(['Backspace', 'Delete']);

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

async function until(test: () => boolean): Promise<void> {
  const since = performance.now();
  while (!test() && performance.now() - since < MOST_MS) await frame();
}

export function useHeldKeys(host: HTMLElement): { hold: () => void; take: (event: KeyboardEvent) => boolean } {
  /** Keys waiting to be given back; null when none are held. */
  let queue: KeyboardEvent[] | null = null;
  let closing = false;

  const editorInput = () => host.querySelector<HTMLElement>('revogr-edit input, revogr-edit textarea');
  function cell(): Element {
    const active = document.activeElement;
    return active && active !== document.body && host.contains(active) && !active.closest('revogr-edit') ? active : (host.querySelector('revo-grid') ?? document.body);
  }

  function giveBack(key: KeyboardEvent, target: Element) {
    const { key: name, code, shiftKey, ctrlKey, metaKey, altKey } = key;
    target.dispatchEvent(new KeyboardEvent('keydown', { key: name, code, shiftKey, ctrlKey, metaKey, altKey, bubbles: true, cancelable: true, composed: true }));
  }

  /** Backspace or Delete in an editor: a given-back key would erase nothing, so the text is erased here. */
  function erase(input: HTMLInputElement, back: boolean) {
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    if (start !== end) input.setRangeText('', start, end, 'end');
    else if (back && start > 0) input.setRangeText('', start - 1, start, 'end');
    else if (!back && start < input.value.length) input.setRangeText('', start, start + 1, 'end');
  }

  async function drain() {
    // A character given back starts an edit (or adds to one) that the grid draws a moment later.
    let typed = false;
    for (;;) {
      if (closing) await until(() => host.querySelector('revogr-edit') === null);
      closing = false;
      const key = queue?.shift();
      if (!key) {
        queue = null;
        return;
      }
      // The person left the grid meanwhile (Tab out of it): what follows was not meant for it.
      const active = document.activeElement;
      if (active && active !== document.body && !host.contains(active)) {
        queue = null;
        return;
      }
      const intoEditor = (CLOSING.has(key.key) || ERASING.has(key.key)) && (typed || host.querySelector('revogr-edit') !== null);
      if (intoEditor) await until(() => editorInput() !== null);
      const input = intoEditor ? editorInput() : null;
      if (input && ERASING.has(key.key)) erase(input as HTMLInputElement, key.key === 'Backspace');
      else giveBack(key, input ?? cell());
      typed = key.key.length === 1 || (typed && !CLOSING.has(key.key));
      // F8 and the like move the grid's focus on their own time: the next key waits for it.
      if (key.key.length !== 1) await frame();
    }
  }

  /** An editor is closing: keys typed from now on wait until it has gone. */
  function hold() {
    closing = true;
    if (queue) return;
    queue = [];
    void drain();
  }

  /**
   * Whether the key was taken, to be given back once no editor is closing. Copy, cut and
   * paste pass at once: given back, Ctrl+V would not paste (the browser pastes only for the
   * key it saw). Undo is held, so it acts on the list rather than on the closing editor.
   */
  function take(event: KeyboardEvent): boolean {
    const clipboard = (event.ctrlKey || event.metaKey) && !event.altKey && ['c', 'v', 'x'].includes(event.key.toLowerCase());
    if (!queue || !event.isTrusted || PASSING.has(event.key) || clipboard || event.isComposing) return false;
    event.preventDefault();
    event.stopImmediatePropagation();
    queue.push(event);
    return true;
  }

  return { hold, take };
}
