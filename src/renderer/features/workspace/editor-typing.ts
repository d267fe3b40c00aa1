/**
 * What a key does in a cell's editor input, done by hand for a key given back after it was
 * held (grid-held-keys.ts): the browser gives an untrusted key no default action, so a
 * dispatched Backspace erases nothing, a dispatched ArrowLeft moves no caret and a dispatched
 * character types nothing.
 */

/** Keys that move the caret (Shift extends the selection) in a one-line input. */
export const CARET_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);
export const ERASING_KEYS = new Set(['Backspace', 'Delete']);

type Key = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/** Whether the key types its character: one character, and no Ctrl or Cmd (AltGr, Ctrl+Alt on Windows, types). */
export const typesCharacter = (key: Key): boolean => [...key.key].length === 1 && !key.metaKey && (!key.ctrlKey || key.altKey);

/** Pasted text as a one-line input takes it: line breaks dropped. */
export const oneLine = (text: string): string => text.replace(/[\r\n]+/g, '');

/** The text typed over the selection, or at the caret, as the input would take it (its listeners hear it). */
export function typeInto(input: HTMLInputElement, text: string, inputType = 'insertText'): void {
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  input.setRangeText(text, start, end, 'end');
  input.dispatchEvent(new InputEvent('input', { inputType, data: text, bubbles: true, composed: true }));
}

// A caret never stops inside a character a person sees as one (an accent on its letter, an emoji).
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function before(text: string, at: number): number {
  let last = 0;
  for (const { index } of graphemes.segment(text)) {
    if (index >= at) break;
    last = index;
  }
  return last;
}

function after(text: string, at: number): number {
  for (const { index } of graphemes.segment(text)) if (index > at) return index;
  return text.length;
}

/** Where Backspace erases back to: one code point, as browsers do (a letter's accent mark goes alone, the letter stays). */
function codePointBefore(text: string, at: number): number {
  const low = text.charCodeAt(at - 1);
  const high = text.charCodeAt(at - 2);
  return at >= 2 && low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? at - 2 : at - 1;
}

/** Backspace or Delete: the selection, else the character before (a code point) or after (as seen) the caret. */
export function erase(input: HTMLInputElement, back: boolean): void {
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  if (start !== end) input.setRangeText('', start, end, 'end');
  else if (back && start > 0) input.setRangeText('', codePointBefore(input.value, start), start, 'end');
  else if (!back && start < input.value.length) input.setRangeText('', start, after(input.value, start), 'end');
  else return;
  input.dispatchEvent(new InputEvent('input', { inputType: back ? 'deleteContentBackward' : 'deleteContentForward', bubbles: true, composed: true }));
}

const onMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

/** Where a caret key goes in a one-line input: a character, either end, or null for one not done here (word moves). */
function caretMove(key: Key): 'left' | 'right' | 'home' | 'end' | null {
  if (key.altKey && !onMac()) return null;
  if (key.key === 'Home' || key.key === 'End') return key.altKey ? null : key.key === 'Home' ? 'home' : 'end';
  const left = key.key === 'ArrowLeft';
  // Cmd+arrow goes to either end on a Mac; Ctrl+arrow (Alt+arrow on a Mac) moves by word.
  if (key.metaKey) return onMac() ? (left ? 'home' : 'end') : null;
  if (key.ctrlKey || key.altKey) return null;
  return left ? 'left' : 'right';
}

/**
 * The caret moved as the key moves it in a one-line input: Left and Right by a character (or
 * to the selection's edge when one is selected), Home and End to either end, and with Shift
 * the selection grown or shrunk from its fixed end. False for a key not done here (a move by
 * word), which is then given to the editor as it is and does nothing.
 */
export function moveCaret(input: HTMLInputElement, key: Key): boolean {
  const move = caretMove(key);
  if (move === null) return false;
  const text = input.value;
  const start = input.selectionStart ?? text.length;
  const end = input.selectionEnd ?? start;
  const backward = input.selectionDirection === 'backward';
  if (!key.shiftKey && start !== end && (move === 'left' || move === 'right')) {
    const to = move === 'left' ? start : end;
    input.setSelectionRange(to, to);
    return true;
  }
  // The end that moves is the one the last Shift move left the caret at.
  const anchor = backward ? end : start;
  const moving = backward ? start : end;
  const to = move === 'home' ? 0 : move === 'end' ? text.length : move === 'left' ? before(text, moving) : after(text, moving);
  if (!key.shiftKey) input.setSelectionRange(to, to);
  else input.setSelectionRange(Math.min(anchor, to), Math.max(anchor, to), to < anchor ? 'backward' : 'forward');
  return true;
}
