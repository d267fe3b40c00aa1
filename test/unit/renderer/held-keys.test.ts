import { describe, expect, it } from 'vitest';
import { isClipboardKey } from '../../../src/renderer/features/workspace/grid-held-keys';
import { movesByArrow } from '../../../src/renderer/features/workspace/focus-moves';

const key = (over: Partial<Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>>) => ({ key: '', code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...over });

describe('the keys that pass while others are held', () => {
  it('are copy, cut and paste, by letter, by place on a non-Latin layout, and by Insert', () => {
    expect(isClipboardKey(key({ key: 'v', code: 'KeyV', ctrlKey: true }))).toBe(true);
    expect(isClipboardKey(key({ key: 'C', code: 'KeyC', metaKey: true, shiftKey: true }))).toBe(true);
    // Ctrl+V on a Russian layout says "м".
    expect(isClipboardKey(key({ key: 'м', code: 'KeyV', ctrlKey: true }))).toBe(true);
    expect(isClipboardKey(key({ key: 'Insert', code: 'Insert', shiftKey: true }))).toBe(true);
    expect(isClipboardKey(key({ key: 'Insert', code: 'Insert', ctrlKey: true }))).toBe(true);
  });

  it('are not typing, undo, AltGr characters or Insert alone', () => {
    expect(isClipboardKey(key({ key: 'v', code: 'KeyV' }))).toBe(false);
    expect(isClipboardKey(key({ key: 'z', code: 'KeyZ', ctrlKey: true }))).toBe(false);
    // AltGr is Ctrl+Alt on Windows: Ctrl+Alt+V types a character there.
    expect(isClipboardKey(key({ key: 'v', code: 'KeyV', ctrlKey: true, altKey: true }))).toBe(false);
    expect(isClipboardKey(key({ key: 'Insert', code: 'Insert' }))).toBe(false);
  });
});

describe('the arrows that move the grid’s focus, which the next keys wait for', () => {
  it('are the four arrows, also with Ctrl or Cmd (to the edge)', () => {
    for (const name of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) expect(movesByArrow(key({ key: name, code: name }))).toBe(true);
    expect(movesByArrow(key({ key: 'ArrowDown', code: 'ArrowDown', ctrlKey: true }))).toBe(true);
  });

  it('are not Shift+arrows (a selection widens, the focus stays) or other keys', () => {
    expect(movesByArrow(key({ key: 'ArrowDown', code: 'ArrowDown', shiftKey: true }))).toBe(false);
    expect(movesByArrow(key({ key: 'ArrowLeft', code: 'ArrowLeft', altKey: true }))).toBe(false);
    expect(movesByArrow(key({ key: 'x', code: 'KeyX' }))).toBe(false);
    expect(movesByArrow(key({ key: 'PageDown', code: 'PageDown' }))).toBe(false);
  });
});
