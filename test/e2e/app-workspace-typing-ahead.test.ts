/**
 * A fast typist does not wait for the grid: Enter, F8 and the next fix typed at once, with no
 * gap at all, while the answer to the edit before is still on its way or arrives in the middle
 * of the typing. Every key must land where it was meant (grid-held-keys.ts). In headless
 * Chromium through the preview with the demo service and the sample list; each round delays
 * the main side's answer by another amount, so the answer meets the typing at another key,
 * and is undone before the next (the page read again, so F8 starts from the first problem).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService } from '../../src/server/demo';
import { sampleSheetIn } from '../../src/services/app/sample-sheet';
import { assertBuilt, ROOT } from '../support/built-cli';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { answerEditsLate, firstCell, openSampleInWorkspace } from '../support/demo-sample';
import { sendAtOnce } from '../support/keys-at-once';

describe('typing ahead of the grid', () => {
  let dataDir: string;
  let preview: AppPreview | undefined;

  beforeAll(async () => {
    assertBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'muster-ahead-'));
    preview = await startAppPreview(dataDir, { demo: startDemoService, sampleSheet: sampleSheetIn(join(ROOT, 'resources')), viewport: { width: 1440, height: 900 } });
  }, 30_000);

  afterAll(async () => {
    await preview?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** From the list's first cell: F8, the e-mail's fix, Enter, F8, then the locale's keys. */
  async function typeBothFixes(locale: () => Promise<void>) {
    const { page } = preview!.browser;
    await firstCell(page).click();
    await page.keyboard.press('F8');
    await page.keyboard.type('jonas.weber@example.de');
    await page.keyboard.press('Enter');
    await page.keyboard.press('F8');
    await locale();
    await page.keyboard.press('Enter');
  }

  /**
   * Both fixes undone, one undo at a time (each waits for its answer), and the page read
   * again, so F8 starts from the first problem.
   */
  async function startOver(round = '') {
    const { page } = preview!.browser;
    const problems = page.getByRole('region', { name: 'Problems and warnings' });
    const counts = page.getByTestId('workspace-counts');
    const bothBack = async () => {
      const text = (await problems.textContent()) ?? '';
      return text.includes('“en_DE” is not a locale the service knows') && text.includes('“jonas.weber@example” is not a valid e-mail address.');
    };
    for (let undo = 0; undo < 4 && !(await bothBack()); undo++) {
      const before = await counts.textContent();
      await page.keyboard.press('Control+z');
      // An undo that changes no count (a step that wrote what was there) is waited for no longer.
      await expect.poll(async () => (await counts.textContent()) !== before || (await bothBack()), { timeout: 3_000 }).toBe(true).catch(() => undefined);
    }
    expect(await bothBack(), `${round}both fixes undone`).toBe(true);
    await page.reload();
    await expect.poll(() => problems.textContent(), { timeout: 15_000 }).toContain('“jonas.weber@example” is not a valid e-mail address.');
    expect(await problems.textContent()).toContain('“en_DE” is not a locale the service knows');
    return problems;
  }

  it('keeps every key of two fixes typed with no gap, whenever the first answer comes', async () => {
    const { page } = preview!.browser;
    const problems = await openSampleInWorkspace(preview!);
    const counts = page.getByTestId('workspace-counts');
    let late = 0;
    answerEditsLate(preview!, () => late);
    for (const ms of [0, 20, 60, 150, 400]) {
      late = ms;
      await typeBothFixes(() => page.keyboard.type('en_GB'));
      await expect.poll(() => counts.textContent(), { timeout: 10_000, message: `answers ${ms} ms late` }).toContain('No row has invalid fields.');
      expect(await problems.textContent(), `answers ${ms} ms late`).not.toContain('locale');
      // Both fixes undone for the next round.
      late = 0;
      await startOver(`answers ${ms} ms late: `);
    }
    expect(preview!.browser.errors).toEqual([]);
  }, 120_000);

  it('lets copy through at once while an editor closes: the browser copies only for the key it saw', async () => {
    const { page } = preview!.browser;
    const problems = page.getByRole('region', { name: 'Problems and warnings' });
    await expect.poll(() => problems.textContent(), { timeout: 15_000 }).toContain('“jonas.weber@example” is not a valid e-mail address.');
    await page.evaluate(() => {
      (window as unknown as { copies: number }).copies = 0;
      document.addEventListener('copy', () => (window as unknown as { copies: number }).copies++, true);
    });
    await firstCell(page).click();
    await page.keyboard.press('F8');
    await page.keyboard.type('jonas.weber@example.de');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+c');
    await expect.poll(() => page.evaluate(() => (window as unknown as { copies: number }).copies)).toBe(1);
    await expect.poll(() => problems.textContent()).not.toContain('“jonas.weber@example” is not a valid e-mail address.');
  }, 60_000);

  it('goes two problems on with F8 pressed twice at once, before the grid has drawn the first', async () => {
    const { page } = preview!.browser;
    const problems = page.getByRole('region', { name: 'Problems and warnings' });
    await page.keyboard.press('Control+z');
    await expect.poll(() => problems.textContent(), { timeout: 15_000 }).toContain('“jonas.weber@example” is not a valid e-mail address.');
    // Read again, so F8 starts from the first problem.
    await page.reload();
    await expect.poll(() => problems.textContent(), { timeout: 15_000 }).toContain('“jonas.weber@example” is not a valid e-mail address.');
    await firstCell(page).click();
    // Both in one task, as key repeat or a replay can send them: the grid draws in between neither.
    await page.evaluate(() => {
      for (let i = 0; i < 2; i++) (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', code: 'F8', bubbles: true, cancelable: true }));
    });
    await page.keyboard.type('en_GB');
    await page.keyboard.press('Enter');
    await expect.poll(() => problems.textContent()).not.toContain('“en_DE” is not a locale the service knows');
    expect(await problems.textContent()).toContain('“jonas.weber@example” is not a valid e-mail address.');
  }, 60_000);

  it('takes the keys from the control that had the focus as soon as a cell is pressed', async () => {
    const { page } = preview!.browser;
    // Read again: the edit before may still give the grid its focus back a moment after it was saved.
    await page.reload();
    await expect.poll(() => page.getByRole('region', { name: 'Problems and warnings' }).textContent(), { timeout: 15_000 }).toContain('Problems');
    const filter = page.getByLabel('Only rows with problems');
    await filter.focus();
    expect(await filter.evaluate((box) => box === document.activeElement)).toBe(true);
    // The grid focuses the pressed cell a moment later; a key typed before went to the checkbox.
    const kept = await firstCell(page).evaluate((cell) => {
      const before = document.activeElement;
      cell.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
      return document.activeElement === before;
    });
    expect(kept).toBe(false);
    expect(await filter.isChecked()).toBe(false);
  }, 30_000);

  it('erases with Backspace typed ahead into the next fix', async () => {
    const { page } = preview!.browser;
    const problems = page.getByRole('region', { name: 'Problems and warnings' });
    await page.keyboard.press('Control+z');
    await expect.poll(() => problems.textContent(), { timeout: 15_000 }).toContain('“en_DE” is not a locale the service knows');
    await page.reload();
    await expect.poll(() => problems.textContent(), { timeout: 15_000 }).toContain('“jonas.weber@example” is not a valid e-mail address.');
    await typeBothFixes(async () => {
      await page.keyboard.type('en_GX');
      await page.keyboard.press('Backspace');
      await page.keyboard.type('B');
    });
    await expect.poll(() => page.getByTestId('workspace-counts').textContent(), { timeout: 10_000 }).toContain('No row has invalid fields.');
    expect(await problems.textContent()).not.toContain('locale');
  }, 60_000);

  const atOnce = (keys: string[]) => sendAtOnce(preview!.browser.page, keys);

  it('moves the caret with Home, End and the arrows typed ahead into the next fix, and types where it is', async () => {
    const { page } = preview!.browser;
    const problems = await startOver();
    await firstCell(page).click();
    await page.keyboard.press('F8');
    await page.keyboard.type('jonas.weber@example.de');
    // "n_B", then "e" before it and "G" before the "B": en_GB.
    await atOnce(['Enter', 'F8', 'n', '_', 'B', 'Home', 'e', 'End', 'ArrowLeft', 'G', 'Enter']);
    await expect.poll(() => page.getByTestId('workspace-counts').textContent(), { timeout: 10_000 }).toContain('No row has invalid fields.');
    expect(await problems.textContent()).not.toContain('locale');
    expect(preview!.browser.errors).toEqual([]);
  }, 60_000);

  it('pastes where the keys typed before the paste have moved to, not where the grid still was', async () => {
    const { page, context } = preview!.browser;
    const problems = await startOver();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(() => navigator.clipboard.writeText('en_GB'));
    await firstCell(page).click();
    await page.keyboard.press('F8');
    await page.keyboard.type('jonas.weber@example.de');
    // F8 is still held when the paste comes: the paste goes to the locale, after it.
    await atOnce(['Enter', 'F8', 'Control+V']);
    await expect.poll(() => page.getByTestId('workspace-counts').textContent(), { timeout: 10_000 }).toContain('No row has invalid fields.');
    expect(await problems.textContent()).not.toContain('locale');
    expect(preview!.browser.errors).toEqual([]);
  }, 60_000);

  /** The e-mail fixed by hand, then `keys` sent at once behind its Enter; answers the problems panel. */
  async function fixEmailThen(keys: string[]) {
    const { page } = preview!.browser;
    const problems = await startOver();
    await firstCell(page).click();
    await page.keyboard.press('F8');
    await page.keyboard.type('jonas.weber@example.de');
    await atOnce(['Enter', ...keys]);
    return problems;
  }
  const ready = () => expect.poll(() => preview!.browser.page.getByTestId('workspace-counts').textContent(), { timeout: 10_000 }).toContain('No row has invalid fields.');

  it('pastes into the editor a character typed ahead opened, at its caret', async () => {
    const { page, context } = preview!.browser;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(() => navigator.clipboard.writeText('n_GB'));
    const problems = await fixEmailThen(['F8', 'e', 'Control+V', 'Enter']);
    await ready();
    expect(await problems.textContent()).not.toContain('locale');
  }, 60_000);

  it('moves the caret in an editor that Enter typed ahead opened, instead of moving the grid', async () => {
    // Enter opens the locale's editor on “en_DE”; Home and five Deletes empty it.
    const problems = await fixEmailThen(['F8', 'Enter', 'Home', 'Delete', 'Delete', 'Delete', 'Delete', 'Delete', 'e', 'n', '_', 'G', 'B', 'Enter']);
    await ready();
    expect(await problems.textContent()).not.toContain('locale');
  }, 60_000);

  it('keeps Ctrl+Z typed ahead into an editor for that editor, not the list’s last fix', async () => {
    const { page } = preview!.browser;
    const problems = await fixEmailThen(['F8', 'x', 'Control+z', 'Escape']);
    await expect.poll(() => problems.textContent(), { timeout: 10_000 }).not.toContain('“jonas.weber@example” is not a valid e-mail address.');
    // Give any undo that went astray time to come back before saying it did not.
    await page.waitForTimeout(500);
    expect(await problems.textContent()).not.toContain('“jonas.weber@example” is not a valid e-mail address.');
    expect(await problems.textContent()).toContain('“en_DE” is not a locale the service knows');
  }, 60_000);

  it('lets an arrow typed ahead move the grid before the next key lands', async () => {
    // F8 goes to the locale; the arrow back to the e-mail fixed a moment ago; “x” replaces it.
    const problems = await fixEmailThen(['F8', 'ArrowLeft', 'x', 'Enter']);
    await expect.poll(() => problems.textContent(), { timeout: 10_000 }).toContain('“x” is not a valid e-mail address.');
    expect(await problems.textContent()).toContain('“en_DE” is not a locale the service knows');
  }, 60_000);

  it('selects the whole cell with Ctrl+A typed ahead into an editor, so what follows replaces it', async () => {
    const problems = await fixEmailThen(['F8', 'Enter', 'Control+a', 'e', 'n', '_', 'G', 'B', 'Enter']);
    await ready();
    expect(await problems.textContent()).not.toContain('locale');
  }, 60_000);

  const cellWith = (text: RegExp) => preview!.browser.page.locator('revogr-data [data-rgcol]').filter({ hasText: text });
  /** The focus on Jonas's e-mail (the invalid one), settled: nothing is held. */
  async function onJonasEmail() {
    const { page } = preview!.browser;
    await cellWith(/^jonas\.weber@example$/).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), { timeout: 5_000 }).toBe('jonas.weber@example');
    await page.waitForTimeout(300);
  }
  /** `keys` sent at once from Jonas's e-mail; the cell now reading `typed` is checked, then undone. */
  async function arrowThenType(keys: string[], typed: RegExp, replaced: RegExp) {
    await atOnce(keys);
    await expect.poll(() => cellWith(typed).count(), { timeout: 10_000 }).toBe(1);
    expect(await cellWith(replaced).count()).toBe(0);
    const problems = preview!.browser.page.getByRole('region', { name: 'Problems and warnings' });
    expect(await problems.textContent()).toContain('“jonas.weber@example” is not a valid e-mail address.');
    await preview!.browser.page.keyboard.press('Control+z');
    await expect.poll(() => cellWith(typed).count(), { timeout: 10_000 }).toBe(0);
  }

  it('types a character right behind an arrow into the cell the arrow goes to, not the one it leaves', async () => {
    await startOver();
    await onJonasEmail();
    // The grid moves its focus some 70 ms after the arrow: “x” is the name's, to its left.
    await arrowThenType(['ArrowLeft', 'x', 'Enter'], /^x$/, /^Jonas Weber$/);
  }, 60_000);

  it('lets arrows pass as they come and types behind them where the last one went', async () => {
    await onJonasEmail();
    await arrowThenType(['ArrowLeft', 'ArrowLeft', 'y', 'Enter'], /^y$/, /^10002$/);
  }, 60_000);

  /** The focus on Jonas's name, left of his e-mail, settled. */
  async function onJonasName() {
    const { page } = preview!.browser;
    await onJonasEmail();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), { timeout: 5_000 }).toBe('Jonas Weber');
    await page.waitForTimeout(300);
  }

  it('saves an edit a character or Enter started and Enter ended, typed at once before the grid drew its editor', async () => {
    await onJonasName();
    await arrowThenType(['q', 'Enter'], /^q$/, /^Jonas Weber$/);
    await onJonasName();
    await arrowThenType(['Enter', 'q', 'Enter'], /^Jonas Weberq$/, /^Jonas Weber$/);
    // Tab saves as Enter does; it does not take the focus out of the grid from under the editor.
    await onJonasName();
    await arrowThenType(['q', 'Tab'], /^q$/, /^Jonas Weber$/);
  }, 60_000);

  it('waits for the editor a character started however long the page is busy meanwhile', async () => {
    const { page } = preview!.browser;
    await onJonasName();
    // A long task while the grid handles the key, as a big answer or a collection can make.
    await page.evaluate(() => {
      const busy = (event: KeyboardEvent) => {
        if (event.key !== 'q' || !event.isTrusted) return;
        document.removeEventListener('keydown', busy, true);
        const end = performance.now() + 250;
        while (performance.now() < end);
      };
      document.addEventListener('keydown', busy, true);
    });
    await arrowThenType(['q', 'Enter'], /^q$/, /^Jonas Weber$/);
  }, 60_000);

  it('waits for the editor a character given back opened, however slow the page is to draw it', async () => {
    const { page } = preview!.browser;
    await onJonasEmail();
    // The character behind the arrow is held, then given back to the name's cell, on a page
    // slowed down as a busy computer slows it: its editor is drawn long after the key.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 12 });
    try {
      await arrowThenType(['ArrowLeft', 'z', 'Enter'], /^z$/, /^Jonas Weber$/);
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
  }, 60_000);

  it('goes on with F8 typed at once behind a character, and types what follows into the problem it goes to', async () => {
    await onJonasName();
    await atOnce(['q', 'F8', 'w', 'Enter']);
    await expect.poll(() => cellWith(/^w$/).count(), { timeout: 10_000 }).toBe(1);
    expect(await cellWith(/^q$/).count()).toBe(1);
    expect(await cellWith(/^qw$/).count()).toBe(0);
    // Both edits undone, the later first.
    const { page } = preview!.browser;
    await page.keyboard.press('Control+z');
    await expect.poll(() => cellWith(/^w$/).count(), { timeout: 10_000 }).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(() => cellWith(/^q$/).count(), { timeout: 10_000 }).toBe(0);
  }, 60_000);

  it('cancels an edit a character started when Escape is typed at once, leaving no editor open', async () => {
    const { page } = preview!.browser;
    await onJonasEmail();
    await atOnce(['q', 'Escape']);
    await expect.poll(() => page.locator('revogr-edit').count(), { timeout: 10_000 }).toBe(0);
    expect(await cellWith(/^jonas\.weber@example$/).count()).toBe(1);
    expect(await cellWith(/^q$/).count()).toBe(0);
  }, 60_000);

  it('waits for Home, which the app moves on the grid’s answer, as for an arrow', async () => {
    await onJonasEmail();
    await arrowThenType(['Home', 'z', 'Enter'], /^z$/, /^10002$/);
    // An arrow right behind Home moves from where Home went, and the letter waits for both.
    await onJonasEmail();
    await arrowThenType(['Home', 'ArrowRight', 'v', 'Enter'], /^v$/, /^Jonas Weber$/);
  }, 60_000);

  it('does not count the cell being left taking the focus again (its row redrawn) as the arrow’s move', async () => {
    const { page } = preview!.browser;
    await onJonasEmail();
    await page.evaluate(() => {
      const left = document.activeElement as HTMLElement;
      const refocus = (event: KeyboardEvent) => {
        if (event.key !== 'ArrowLeft' || !event.isTrusted) return;
        document.removeEventListener('keydown', refocus, true);
        setTimeout(() => (left.blur(), left.focus()), 10);
      };
      document.addEventListener('keydown', refocus, true);
    });
    await arrowThenType(['ArrowLeft', 'w', 'Enter'], /^w$/, /^Jonas Weber$/);
  }, 60_000);

  it('types the fix after F8 into the problem F8 goes to, when every key comes at once', async () => {
    const { page } = preview!.browser;
    const problems = await startOver();
    await firstCell(page).click();
    // No editor is closing here: F8 itself holds what follows until the focus has moved.
    await atOnce(['F8', 'F8', 'e', 'n', '_', 'G', 'B', 'Enter']);
    await expect.poll(() => problems.textContent(), { timeout: 10_000 }).not.toContain('“en_DE” is not a locale the service knows');
    expect(await problems.textContent()).toContain('“jonas.weber@example” is not a valid e-mail address.');
  }, 60_000);
});
