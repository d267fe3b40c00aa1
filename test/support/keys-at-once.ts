/**
 * Keys sent to the page all at once, in order, each without waiting for the page: the
 * Chrome DevTools Protocol's key events, queued in one go, reach the page before it draws
 * anything in between (a fast typist ahead of the grid). Playwright's own `press` calls, run
 * together, may interleave a modifier's key with the next key.
 */
import type { Page } from 'playwright-core';

interface KeyDef {
  key: string;
  code: string;
  keyCode: number;
  text?: string;
  shift?: boolean;
}

const NAMED: Record<string, KeyDef> = {
  Enter: { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' },
  Escape: { key: 'Escape', code: 'Escape', keyCode: 27 },
  Tab: { key: 'Tab', code: 'Tab', keyCode: 9 },
  F8: { key: 'F8', code: 'F8', keyCode: 119 },
  Home: { key: 'Home', code: 'Home', keyCode: 36 },
  End: { key: 'End', code: 'End', keyCode: 35 },
  ArrowLeft: { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 },
  ArrowRight: { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 },
  Backspace: { key: 'Backspace', code: 'Backspace', keyCode: 8 },
  Delete: { key: 'Delete', code: 'Delete', keyCode: 46 },
  _: { key: '_', code: 'Minus', keyCode: 189, text: '_', shift: true },
};

/** A letter or digit as a US keyboard types it. */
function character(name: string): KeyDef {
  if (!/^[A-Za-z0-9]$/.test(name)) throw new Error(`No key for “${name}”.`);
  const upper = name.toUpperCase();
  const code = /[0-9]/.test(name) ? `Digit${name}` : `Key${upper}`;
  return { key: name, code, keyCode: upper.charCodeAt(0), text: name, shift: name !== name.toLowerCase() };
}

/** `keys` as Playwright names them (`Enter`, `e`, `Control+V`), sent at once and in order. */
export async function sendAtOnce(page: Page, keys: readonly string[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const sent: Promise<unknown>[] = [];
  const send = (event: Record<string, unknown>) => sent.push(cdp.send('Input.dispatchKeyEvent', event as never));
  for (const spec of keys) {
    const parts = spec.split('+');
    const name = parts.pop()!;
    const control = parts.includes('Control');
    const def = NAMED[name] ?? character(name);
    const modifiers = (control ? 2 : 0) | (def.shift || parts.includes('Shift') ? 8 : 0);
    const text = control ? undefined : def.text;
    if (control) send({ type: 'rawKeyDown', key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17, modifiers: 2 });
    send({ type: text ? 'keyDown' : 'rawKeyDown', key: def.key, code: def.code, windowsVirtualKeyCode: def.keyCode, modifiers, ...(text ? { text, unmodifiedText: text } : {}) });
    send({ type: 'keyUp', key: def.key, code: def.code, windowsVirtualKeyCode: def.keyCode, modifiers });
    if (control) send({ type: 'keyUp', key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17, modifiers: 0 });
  }
  await Promise.all(sent);
  await cdp.detach();
}
