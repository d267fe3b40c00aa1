/**
 * Every problem and warning of a list in view, in headless Chromium through the preview: the
 * panel lists all rows with something to say (F8 to the last one leaves the first in the
 * list), counts them per kind, and a kind picked by click or Enter filters the grid; warnings
 * are marked in the grid and exported; the problems export names the rows the list export
 * names; a locale is typed with the service's locales offered. Opening needs no service.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { freePort } from '../support/ports';
import { axeCheck, screenshots } from '../support/screens';
import { answerEditsLate } from '../support/demo-sample';

/** Sheet rows (1-based, header on 1) and what is wrong there. */
const BAD_EMAIL = [10, 60, 140];
const UNKNOWN_LOCALE: Record<number, string> = { 20: 'xx_XX', 120: 'en' };
const SHARED = 130;
const FORMULA = 30;
const HTML_FROM = 152;
const LAST = 351;

function sheetLine(row: number): string {
  const name = row === FORMULA ? '=SUM(A1)' : row >= HTML_FROM ? `<i>Tom</i> ${row}` : `Person ${row}`;
  const email = BAD_EMAIL.includes(row) ? `p${row}(at)example.com` : row === SHARED ? 'p4@example.com' : `p${row}@example.com`;
  return `k${row};${name};${email};${UNKNOWN_LOCALE[row] ?? 'de_DE'}`;
}

describe('every problem and warning of a list in view', () => {
  let work: string;
  let preview: AppPreview;
  const panel = () => preview.browser.page.getByRole('region', { name: 'Problems and warnings' });
  const grid = () => preview.browser.page.locator('revo-grid');
  const shownRows = () => grid().locator('revogr-viewport-scroll.rgCol revogr-data[type="rgRow"] [data-rgcol="1"]').count();
  const group = (name: string | RegExp) => panel().getByRole('button', { name });

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'muster-workspace-problems-'));
    preview = await startAppPreview(join(work, 'app'), { viewport: { width: 1440, height: 900 } });
    await preview.app.api['accounts.add']({ label: 'Lab', serverUrl: `http://127.0.0.1:${await freePort()}`, token: 'a-token' });
    const sheet = join(work, 'Liste.csv');
    writeFileSync(sheet, ['Kundennummer;Name;E-Mail;Sprache', ...Array.from({ length: LAST - 1 }, (_, i) => sheetLine(i + 2))].join('\n'));
    const { page } = preview.browser;
    await page.goto(preview.host.url);
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    const opened = await preview.app.api['drafts.open']({ grant: preview.app.grantFile(sheet).grant, externalEventId: 4711 });
    await page.evaluate((hash) => (location.hash = hash), `#/drafts/${opened.draft.id}`);
    await page.getByTestId('workspace-counts').filter({ hasText: '350 rows' }).waitFor({ timeout: 15_000 });
  }, 60_000);

  afterAll(async () => {
    await preview?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('counts the problems and warnings per kind and lists every row, the first still there after F8 to the last', async () => {
    const { page } = preview.browser;
    await expect.poll(() => panel().textContent()).toContain('3 e-mail addresses not valid');
    const text = await panel().textContent();
    for (const words of ['2 unknown locales', '1 e-mail shared by two people', 'Name: 1 cell looks like a formula', `Name: ${LAST - HTML_FROM + 1} cells look like HTML`, '1 locale close to a known one']) expect(text).toContain(words);
    // Every row with a problem or a warning is in the list, though only those in view are drawn.
    const listed = 3 + 2 + 1 + 1 + (LAST - HTML_FROM + 1);
    const items = panel().getByTestId('problem-rows').locator('li');
    // The rows come in pages after the first: the list is whole once they all arrived.
    await expect.poll(() => items.first().getAttribute('aria-setsize')).toBe(String(listed));
    expect(await items.count()).toBeLessThan(listed);
    // F8 to the last problem: the rows before it stay in the list.
    await page.locator('h2').first().click();
    for (let i = 0; i < 6; i++) await page.keyboard.press('F8');
    await expect.poll(() => panel().locator('[aria-current="true"]').textContent()).toContain('Row 140');
    await panel().getByTestId('problem-rows').evaluate((el) => void (el.scrollTop = 0));
    await expect.poll(() => items.first().textContent()).toContain('Row 10');
    // The last row of the list is drawn once scrolled to.
    await panel().getByTestId('problem-rows').evaluate((el) => void (el.scrollTop = el.scrollHeight));
    await expect.poll(() => panel().textContent()).toContain(`Row ${LAST}`);
  });

  it('filters the grid to a kind picked by click or by Enter, and back to all rows', async () => {
    const { page } = preview.browser;
    await group('3 e-mail addresses not valid').click();
    await expect.poll(shownRows).toBe(3);
    expect(await group('3 e-mail addresses not valid').getAttribute('aria-pressed')).toBe('true');
    await panel().getByRole('button', { name: 'Show all rows' }).click();
    await expect.poll(shownRows).toBeGreaterThan(3);
    await group('2 unknown locales').focus();
    await page.keyboard.press('Enter');
    await expect.poll(shownRows).toBe(2);
  });

  it('marks a warning in the grid apart from a problem, in the person’s words', async () => {
    await group('Name: 1 cell looks like a formula').click();
    await expect.poll(shownRows).toBe(1);
    const notice = grid().locator('.cell--notice');
    await expect.poll(() => notice.count()).toBe(1);
    expect(await notice.getAttribute('title')).toBe('Name looks like a formula (it starts with “=”); it is kept as text.');
    // The mark is drawn, not only named: its bar comes from the grid's style sheet.
    expect(await notice.evaluate((cell) => getComputedStyle(cell).boxShadow)).not.toBe('none');
    expect(await grid().locator('.cell--invalid').count()).toBe(0);
    const look = await axeCheck(preview.browser.page, 'workspace-problems');
    expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
    await screenshots(preview.browser.page, 'workspace-problems');
    await panel().getByRole('button', { name: 'Show all rows' }).click();
  });

  it('exports the warnings, and names the same earlier row in the problems export as in the list export', async () => {
    const { page } = preview.browser;
    await page.getByLabel('Export as').selectOption('csv');
    const exported = async (button: string) => {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: button }).click();
      const lines = readFileSync(await (await download).path(), 'utf8').trim().split(/\r?\n/);
      return (row: number) => lines.find((line) => line.startsWith(`${row},`)) ?? '';
    };
    const problems = await exported('Export the problems');
    const list = await exported('Export the list');
    expect(problems(SHARED)).toContain('Shares its e-mail with row 4');
    expect(problems(SHARED)).toBe(list(SHARED));
    expect(problems(FORMULA)).toContain('Name looks like a formula');
    expect(problems(120)).toContain('did you mean en_US, en_AU or en_GB?');
    expect(problems(HTML_FROM)).toContain('Name looks like HTML');
  });

  it('edits a locale with the service’s locales offered as one types', async () => {
    const { page } = preview.browser;
    await group('2 unknown locales').click();
    await expect.poll(shownRows).toBe(2);
    const locale = grid().locator('revogr-viewport-scroll.rgCol revogr-data[type="rgRow"] [data-rgcol="3"]', { hasText: 'xx_XX' });
    await locale.dblclick();
    const input = page.getByRole('combobox', { name: /Locale, type to filter/ });
    await input.waitFor();
    expect(await page.locator('datalist#muster-locales option').count()).toBeGreaterThan(20);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('fr');
    // Completed to the service's locale, its rest selected: Enter takes it.
    expect(await input.inputValue()).toBe('fr_FR');
    await page.keyboard.press('Enter');
    await expect.poll(() => panel().textContent()).toContain('1 unknown locale');
    expect(preview.browser.errors).toEqual([]);
  });

  it('goes into the grid at a problem picked in the list or reached by F8 from outside it, so typing fixes it', async () => {
    const { page } = preview.browser;
    const focusedCell = () => page.evaluate(() => (document.activeElement?.closest('[data-rgcol]') ? document.activeElement.textContent : null));
    const showAll = panel().getByRole('button', { name: 'Show all rows' });
    if (await showAll.isVisible()) await showAll.click();
    await panel().locator('li.problem', { hasText: 'Row 10' }).locator('.problem-row').focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusedCell).toBe('p10(at)example.com');
    await page.keyboard.type('p10@example.com');
    await page.keyboard.press('Enter');
    await expect.poll(() => panel().textContent()).not.toContain('Row 10 ');
    // F8 with the focus on a control of the panel: the next problem's cell has it.
    await group('2 e-mail addresses not valid').focus();
    await page.keyboard.press('F8');
    await expect.poll(focusedCell).toMatch(/^p(60|140)\(at\)example\.com$/);
    // The toolbar's Next problem selects the next problem's cell and keeps the focus, to be pressed again.
    const next = page.getByRole('button', { name: 'Next problem' });
    const selected = () => page.evaluate(async () => (await (document.querySelector('revo-grid') as unknown as { getFocused: () => Promise<{ cell?: { y: number } } | null> }).getFocused())?.cell?.y ?? null);
    const was = await selected();
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(selected).not.toBe(was);
    await page.waitForTimeout(300);
    expect(await next.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('keeps the focus in the list when a row removed by keyboard takes its button along', async () => {
    const { page } = preview.browser;
    const showAll = panel().getByRole('button', { name: 'Show all rows' });
    if (await showAll.isVisible()) await showAll.click();
    const shared = panel().locator('li.problem', { hasText: `Row ${SHARED}` });
    const place = await shared.getAttribute('aria-posinset');
    await shared.getByRole('button', { name: 'Remove this row' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => panel().textContent()).not.toContain(`Row ${SHARED}`);
    // Not dropped on the page's body: on the row now in the removed one's place.
    await expect
      .poll(() => page.evaluate(() => ({ row: document.activeElement?.closest('li.problem')?.getAttribute('aria-posinset'), text: document.activeElement?.textContent ?? '' })))
      .toEqual({ row: place, text: expect.stringContaining('Row 140') });
    expect(await page.evaluate(() => document.activeElement?.matches('.problem-row'))).toBe(true);
    // The panel's own controls are where Tab goes on from, not the top of the window.
    await page.keyboard.press('Shift+Tab');
    expect(await panel().evaluate((region) => region.contains(document.activeElement))).toBe(true);
  });

  it('goes on to the next row with a problem after a fix takes its row out of the grid', async () => {
    const { page } = preview.browser;
    const filter = page.getByLabel('Only rows with problems');
    await filter.check();
    await expect.poll(shownRows).toBe(3);
    /** The sheet row of the grid's focused cell, from the pinned row-number column beside it. */
    const focusedRow = () =>
      page.evaluate(() => {
        const y = document.activeElement?.closest('[data-rgrow]')?.getAttribute('data-rgrow');
        return y === undefined || y === null ? null : (document.querySelector(`revogr-data[type="rgRow"][col-type="colPinStart"] [data-rgrow="${y}"]`)?.textContent ?? null);
      });
    await grid().locator('revogr-viewport-scroll.rgCol [data-rgcol="2"]', { hasText: 'p60(at)example.com' }).click();
    await page.keyboard.type('p60@example.com');
    // Enter saves and goes one down, to row 120; row 60 then leaves the grid, and the focus stays on 120.
    await page.keyboard.press('Enter');
    await expect.poll(shownRows).toBe(2);
    await expect.poll(focusedRow).toBe('120');
    // With the answer late, Enter goes one down first, to row 140; row 120 then leaves, and the focus stays on 140.
    let late = 400;
    answerEditsLate(preview, () => late);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('en_GB');
    await page.keyboard.press('Enter');
    await expect.poll(shownRows).toBe(1);
    await expect.poll(focusedRow).toBe('140');
    late = 0;
    await filter.uncheck();
  });
});
