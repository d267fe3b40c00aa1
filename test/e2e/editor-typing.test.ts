/**
 * The keys a cell's editor is given back by hand (editor-typing.ts) against the same keys
 * typed for real, in headless Chromium: random runs of characters, arrows, Home, End (with and
 * without Shift), Backspace and Delete typed into one input by the browser and into another by
 * the module must leave both with the same text and the same selection.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { ROOT } from '../support/built-cli';

const KEYS = ['a', 'b', 'é', ' ', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Backspace', 'Delete'] as const;
// Shift+Delete cuts, which a key given back cannot do; held, it is given back as it is.
const key = fc.record({ key: fc.constantFrom(...KEYS), shift: fc.boolean() }).map((k) => (k.key === 'Delete' ? { ...k, shift: false } : k));

interface State {
  value: string;
  start: number | null;
  end: number | null;
}

describe('keys given back to an editor by hand', () => {
  let browser: TestBrowser;

  beforeAll(async () => {
    browser = await launchBrowser();
    const source = readFileSync(join(ROOT, 'src/renderer/features/workspace/editor-typing.ts'), 'utf8');
    const script = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText.replace(/^export /gm, '');
    await browser.page.setContent('<input id="real" type="text"><input id="ours" type="text">');
    await browser.page.addScriptTag({ content: `${script}\nwindow.typing = { CARET_KEYS, ERASING_KEYS, erase, moveCaret, typeInto };` });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('leave the text and selection a person’s own keys would', async () => {
    const { page } = browser;
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 6 }), fc.array(key, { minLength: 1, maxLength: 12 }), async (start, keys) => {
        await page.evaluate((text) => {
          for (const id of ['real', 'ours']) {
            const input = document.getElementById(id) as HTMLInputElement;
            input.value = text;
            input.setSelectionRange(text.length, text.length);
          }
        }, start);
        await page.focus('#real');
        for (const { key, shift } of keys) await (key.length === 1 ? page.keyboard.type(key) : page.keyboard.press(shift ? `Shift+${key}` : key));
        const real: State = await page.$eval('#real', (input) => ({ value: (input as HTMLInputElement).value, start: (input as HTMLInputElement).selectionStart, end: (input as HTMLInputElement).selectionEnd }));
        const ours: State = await page.evaluate((pressed) => {
          const input = document.getElementById('ours') as HTMLInputElement;
          const typing = (window as unknown as { typing: Record<string, never> & { CARET_KEYS: Set<string>; ERASING_KEYS: Set<string>; erase: (i: HTMLInputElement, b: boolean) => void; moveCaret: (i: HTMLInputElement, k: string, s: boolean) => void; typeInto: (i: HTMLInputElement, t: string) => void } }).typing;
          for (const { key, shift } of pressed) {
            if (typing.ERASING_KEYS.has(key)) typing.erase(input, key === 'Backspace');
            else if (typing.CARET_KEYS.has(key)) typing.moveCaret(input, key, shift);
            else typing.typeInto(input, key);
          }
          return { value: input.value, start: input.selectionStart, end: input.selectionEnd };
        }, keys);
        expect(ours, JSON.stringify({ start, keys })).toEqual(real);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
