/**
 * Keys typed while a cell's editor is closing. After Enter, Tab or Escape the grid closes the
 * editor on its own schedule: a key typed at once (F8 and the next fix, by a fast typist)
 * would be added to the editor that is going, or start an edit that the closing then ends,
 * and be lost. Such keys are held until the editor has gone, then given to the page again one
 * by one in the order they were typed, each where the grid would have taken it: a character
 * into the focused cell (which starts an edit), then into that editor at its caret once it is
 * drawn; Enter, Tab, Escape, Backspace, Delete, the arrows, Home and End into the editor once
 * it is drawn; anything else (F8) to the page. A paste made meanwhile waits its turn too.
 * Keys held when the person has left the grid meanwhile are dropped.
 */
import { CARET_KEYS, ERASING_KEYS, erase, moveCaret, typeInto, typesCharacter } from './editor-typing';

/** Longest wait for an editor to go, or to be drawn, before the keys are given back anyway. */
const MOST_MS = 1_000;

const CLOSING = new Set(['Enter', 'Tab', 'Escape']);
/** Keys not held: modifiers alone, and those an input method composes a character from (a given-back key composes nothing). */
const PASSING = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'Dead', 'Process', 'Unidentified']);

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

async function until(test: () => boolean): Promise<void> {
  const since = performance.now();
  while (!test() && performance.now() - since < MOST_MS) await frame();
}

/** A key, or a paste's data, in the order they came. */
type Held = KeyboardEvent | { paste: DataTransfer };

export function useHeldKeys(host: HTMLElement): { hold: () => void; take: (event: KeyboardEvent) => boolean; stop: () => void } {
  /** Keys waiting to be given back; null when none are held. */
  let queue: Held[] | null = null;
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
      if ('paste' in key) {
        // Where the browser would have sent it: the editor a held key opened, else the cell.
        const input = typed ? editorInput() : null;
        (input ?? cell()).dispatchEvent(new ClipboardEvent('paste', { clipboardData: key.paste, bubbles: true, cancelable: true, composed: true }));
        continue;
      }
      const character = typesCharacter(key);
      // Into the editor a character given back opened: the grid's own way in adds at the end,
      // where a held arrow may have moved the caret away from.
      const intoEditor =
        (CLOSING.has(key.key) || ERASING_KEYS.has(key.key) || (CARET_KEYS.has(key.key) && typed) || (character && typed && editorInput() !== null)) &&
        (typed || host.querySelector('revogr-edit') !== null);
      if (intoEditor) await until(() => editorInput() !== null);
      const input = intoEditor ? (editorInput() as HTMLInputElement | null) : null;
      // Shift+Delete cuts, which only the browser can do: given back, it does nothing.
      if (input && ERASING_KEYS.has(key.key) && !(key.key === 'Delete' && key.shiftKey)) erase(input, key.key === 'Backspace');
      else if (input && CARET_KEYS.has(key.key) && !key.ctrlKey && !key.metaKey) moveCaret(input, key.key, key.shiftKey);
      else if (input && character) typeInto(input, key.key);
      else giveBack(key, input ?? cell());
      typed = character || (typed && !CLOSING.has(key.key));
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

  /**
   * Whether the key was taken, to be given back once no editor is closing. Copy, cut and
   * paste keys pass at once: given back, Ctrl+V would not paste (the browser pastes only for
   * the key it saw); the paste it makes is held instead (onPaste). Undo is held, so it acts
   * on the list rather than on the closing editor.
   */
  function take(event: KeyboardEvent): boolean {
    const clipboard = (event.ctrlKey || event.metaKey) && !event.altKey && ['c', 'v', 'x'].includes(event.key.toLowerCase());
    if (!queue || !event.isTrusted || PASSING.has(event.key) || clipboard || event.isComposing) return false;
    event.preventDefault();
    event.stopImmediatePropagation();
    queue.push(event);
    return true;
  }

  return { hold, take, stop: () => document.removeEventListener('paste', onPaste, true) };
}
