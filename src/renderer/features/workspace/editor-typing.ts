/**
 * What a key does in a cell's editor input, done by hand for a key given back after it was
 * held (grid-held-keys.ts): the browser gives an untrusted key no default action, so a
 * dispatched Backspace erases nothing, a dispatched ArrowLeft moves no caret and a dispatched
 * character types nothing.
 */

/** Keys that move the caret (Shift extends the selection) in a one-line input. */
export const CARET_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);
export const ERASING_KEYS = new Set(['Backspace', 'Delete']);

/** Whether the key types its character: one character, and no Ctrl or Cmd (AltGr, Ctrl+Alt on Windows, types). */
export const typesCharacter = (key: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean =>
  [...key.key].length === 1 && !key.metaKey && (!key.ctrlKey || key.altKey);

/** The text typed over the selection, or at the caret, as the input would take it (its listeners hear it). */
export function typeInto(input: HTMLInputElement, text: string): void {
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  input.setRangeText(text, start, end, 'end');
  input.dispatchEvent(new InputEvent('input', { inputType: 'insertText', data: text, bubbles: true, composed: true }));
}

/** Backspace or Delete: the selection, else the character before or after the caret. */
export function erase(input: HTMLInputElement, back: boolean): void {
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  if (start !== end) input.setRangeText('', start, end, 'end');
  else if (back && start > 0) input.setRangeText('', start - 1, start, 'end');
  else if (!back && start < input.value.length) input.setRangeText('', start, start + 1, 'end');
  else return;
  input.dispatchEvent(new InputEvent('input', { inputType: back ? 'deleteContentBackward' : 'deleteContentForward', bubbles: true, composed: true }));
}

/**
 * The caret moved as the key moves it in a one-line input: Left and Right by a character (or
 * to the selection's edge when one is selected), Home and End to either end, and with Shift
 * the selection grown or shrunk from its fixed end.
 */
export function moveCaret(input: HTMLInputElement, key: string, shift: boolean): void {
  const length = input.value.length;
  const start = input.selectionStart ?? length;
  const end = input.selectionEnd ?? start;
  const backward = input.selectionDirection === 'backward';
  if (!shift && start !== end && (key === 'ArrowLeft' || key === 'ArrowRight')) {
    const to = key === 'ArrowLeft' ? start : end;
    input.setSelectionRange(to, to);
    return;
  }
  // The end that moves is the one the last Shift move left the caret at.
  const anchor = backward ? end : start;
  const moving = backward ? start : end;
  const to = key === 'Home' ? 0 : key === 'End' ? length : Math.min(length, Math.max(0, moving + (key === 'ArrowLeft' ? -1 : 1)));
  if (!shift) input.setSelectionRange(to, to);
  else input.setSelectionRange(Math.min(anchor, to), Math.max(anchor, to), to < anchor ? 'backward' : 'forward');
}
