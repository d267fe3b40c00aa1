import { describe, expect, it } from 'vitest';
import { isClipboardKey } from '../../../src/renderer/features/workspace/grid-held-keys';

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
