/**
 * The keys a cell's editor is given back by hand (editor-typing.ts) against the same keys
 * typed for real, in headless Chromium: from random text (accents written as one character or
 * as a letter and a mark, emoji) with the caret or a selection anywhere, random runs of
 * characters, arrows, Home, End (with and without Shift or Ctrl), Backspace and Delete typed
 * into one input by the browser and into another by the module must leave both with the same
 * text and the same selection.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { ROOT } from '../support/built-cli';

const CHARACTERS = ['a', 'b', ' ', 'é', '😀'];
const key = fc.oneof(
  fc.record({ key: fc.constantFrom(...CHARACTERS), shift: fc.constant(false), ctrl: fc.constant(false) }),
  fc.record({ key: fc.constantFrom('ArrowLeft', 'ArrowRight', 'Home', 'End'), shift: fc.boolean(), ctrl: fc.constant(false) }),
  fc.record({ key: fc.constantFrom('Home', 'End'), shift: fc.boolean(), ctrl: fc.constant(true) }),
  // Shift+Backspace erases as Backspace does; Shift+Delete cuts, which is left to the browser.
  fc.record({ key: fc.constant('Backspace'), shift: fc.boolean(), ctrl: fc.constant(false) }),
  fc.record({ key: fc.constant('Delete'), shift: fc.constant(false), ctrl: fc.constant(false) }),
);
const text = fc.array(fc.constantFrom('a', 'b', ' ', 'é', 'e\u0301', '😀', 'x'), { maxLength: 6 }).map((parts) => parts.join(''));

interface State {
  value: string;
  start: number | null;
  end: number | null;
}

type Typing = {
  erase: (i: HTMLInputElement, back: boolean) => void;
  moveCaret: (i: HTMLInputElement, k: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) => boolean;
  typeInto: (i: HTMLInputElement, t: string) => void;
};

describe('keys given back to an editor by hand', () => {
  let browser: TestBrowser;

  beforeAll(async () => {
    browser = await launchBrowser();
    const source = readFileSync(join(ROOT, 'src/renderer/features/workspace/editor-typing.ts'), 'utf8');
    const script = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText.replace(/^export /gm, '');
    await browser.page.setContent('<input id="real" type="text"><input id="ours" type="text">');
    await browser.page.addScriptTag({ content: `${script}\nwindow.typing = { erase, moveCaret, typeInto };` });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('leave the text and selection a person’s own keys would', async () => {
    const { page } = browser;
    await fc.assert(
      fc.asyncProperty(text, fc.nat(), fc.nat(), fc.array(key, { minLength: 1, maxLength: 12 }), async (start, from, to, keys) => {
        // The caret, or a selection, between two of the characters a person sees.
        await page.evaluate(
          ([value, a, b]) => {
            const stops = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(value)].map((s) => s.index).concat(value.length);
            const [x, y] = [stops[a % stops.length], stops[b % stops.length]].sort((m, n) => m - n);
            for (const id of ['real', 'ours']) {
              const input = document.getElementById(id) as HTMLInputElement;
              input.value = value;
              input.focus();
              input.setSelectionRange(x, y);
            }
          },
          [start, from, to] as const,
        );
        await page.focus('#real');
        for (const { key, shift, ctrl } of keys) {
          if (CHARACTERS.includes(key)) await page.keyboard.type(key);
          else await page.keyboard.press(`${ctrl ? 'Control+' : ''}${shift ? 'Shift+' : ''}${key}`);
        }
        const real: State = await page.$eval('#real', (input) => ({ value: (input as HTMLInputElement).value, start: (input as HTMLInputElement).selectionStart, end: (input as HTMLInputElement).selectionEnd }));
        const ours: State = await page.evaluate((pressed) => {
          const input = document.getElementById('ours') as HTMLInputElement;
          const typing = (window as unknown as { typing: Typing }).typing;
          for (const { key, shift, ctrl } of pressed) {
            if (key === 'Backspace' || key === 'Delete') typing.erase(input, key === 'Backspace');
            else if (key.length > 2) typing.moveCaret(input, { key, shiftKey: shift, ctrlKey: ctrl, metaKey: false, altKey: false });
            else typing.typeInto(input, key);
          }
          return { value: input.value, start: input.selectionStart, end: input.selectionEnd };
        }, keys);
        expect(ours, JSON.stringify({ start, from, to, keys })).toEqual(real);
      }),
      { numRuns: 80 },
    );
  }, 120_000);
});
