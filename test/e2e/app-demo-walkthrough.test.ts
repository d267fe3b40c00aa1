/**
 * The README's "A first walk through the demo", step by step, in headless Chromium through
 * the preview with the built-in demo service and the sample list shipped in resources/: a
 * newcomer reaches a sent import without a file of their own. The README names each button
 * this test presses, so a renamed button fails here until the walk-through says it too.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_ROWS } from '../fixtures/sample-list';
import { startDemoService } from '../../src/server/demo';
import { sampleSheetIn } from '../../src/services/app/sample-sheet';
import { assertBuilt, ROOT } from '../support/built-cli';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { axeCheck, screenshots } from '../support/screens';

const walk = () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('### A first walk through the demo');
  return readme.slice(start, readme.indexOf('\n### ', start + 1));
};

describe('the README’s first walk through the demo', () => {
  let dataDir: string;
  let preview: AppPreview | undefined;
  const pressed = ['Try the demo', 'Add event', 'Open the sample list', 'Open in the workspace', 'F8', 'Fix many cells at once', 'Replace in 1 cell', 'Remove this row', 'Send to the service…', 'Send'];

  beforeAll(async () => {
    assertBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'muster-walk-'));
    preview = await startAppPreview(dataDir, { demo: startDemoService, sampleSheet: sampleSheetIn(join(ROOT, 'resources')), viewport: { width: 1440, height: 900 } });
  }, 30_000);

  afterAll(async () => {
    await preview?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ships the sample list its script writes', () => {
    const book = XLSX.read(readFileSync(sampleSheetIn(join(ROOT, 'resources'))));
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: '', blankrows: true, raw: false });
    expect(rows.map((row) => row.join('\t').replace(/\t+$/, ''))).toEqual(SAMPLE_ROWS.map((row) => row.join('\t').replace(/\t+$/, '')));
  });

  it('names in the README every button the walk presses', () => {
    const text = walk();
    expect(text.length).toBeGreaterThan(200);
    expect(pressed.filter((label) => !text.includes(`**${label}**`))).toEqual([]);
  });

  it('goes from the welcome screen to a sent import with the sample list', async () => {
    const { page } = preview!.browser;
    // 1. Try the demo.
    await page.goto(preview!.host.url);
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Events' }).isVisible(), { timeout: 20_000 }).toBe(true);
    // 2. Event 4711, opened.
    await page.getByLabel('Event number (external id)').fill('4711');
    await page.getByRole('button', { name: 'Add event' }).click();
    await page.getByRole('link', { name: /4711/ }).click();
    // 3. The sample list, as the sheet setup reads it.
    await page.getByRole('button', { name: 'Open the sample list' }).click();
    const setup = page.getByRole('region', { name: 'How the sheet is read' });
    await expect.poll(() => setup.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await setup.getByRole('row', { name: 'Row 4, the column names' }).getAttribute('aria-current')).toBe('true');
    expect(await setup.getByLabel('Read column Vorname as').inputValue()).toBe('first_name');
    expect(await setup.getByLabel('Read column Sprache as').inputValue()).toBe('locale');
    expect(await setup.getByLabel('Read column Geschlecht as').inputValue()).toBe('demographic:Geschlecht');
    expect(await setup.getByRole('status').textContent()).toBe('12 participants, 2 of them need fixing.');
    await screenshots(page, 'demo-sample-setup');
    // 4. The workspace, with what the sample holds.
    await setup.getByRole('button', { name: 'Open in the workspace' }).click();
    const problems = page.getByRole('region', { name: 'Problems and warnings' });
    await expect.poll(() => problems.textContent(), { timeout: 15_000 }).toContain('“jonas.weber@example” is not a valid e-mail address.');
    expect(await problems.textContent()).toContain('“en_DE” is not a locale the service knows');
    expect(await problems.textContent()).toContain('Same external ID or e-mail as row 5.');
    const figure = await axeCheck(page, 'demo-sample-workspace');
    expect(figure.seriousOrCritical, JSON.stringify(figure.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'demo-sample-workspace');
    // 5. F8 to each problem, typed over.
    const counts = page.getByTestId('workspace-counts');
    // From the list's first cell, F8 walks the problems in order.
    await page.locator('revo-grid revogr-viewport-scroll.rgCol revogr-data[type="rgRow"] [data-rgrow="0"][data-rgcol="0"]').click();

    await page.keyboard.press('F8');
    await page.keyboard.type('jonas.weber@example.de');
    await page.keyboard.press('Enter');
    await expect.poll(() => counts.textContent()).toContain('1 row needs fixing');
    // The locale, as a fix over the column.
    await page.getByText('Fix many cells at once').click();
    await page.getByLabel('Column').selectOption('locale');
    await page.getByLabel('Find').fill('en_DE');
    await page.getByLabel('Replace with').fill('en_GB');
    await page.getByRole('button', { name: 'Replace in 1 cell' }).click();
    // Not "every row is ready" while a row still repeats another.
    await expect.poll(() => counts.textContent()).toContain('No row has invalid fields. · 1 row repeats another');
    // 6. The second Anna Schmidt goes.
    await problems.getByRole('button', { name: 'Remove this row' }).click();
    await expect.poll(() => counts.textContent()).toContain('11 rows');
    expect(await counts.textContent()).not.toContain('repeats');
    expect(await counts.textContent()).toContain('Every row is ready to send.');
    // 7. Sent, and followed to the end.
    await page.getByRole('button', { name: 'Send to the service…' }).click();
    const dialog = page.getByRole('dialog');
    // Before the event's first import this computer does not know its categories: the first
    // flag would create the list's own as new ones, and the dialog says so before sending.
    const fresh = dialog.getByTestId('push-new-values');
    await expect.poll(() => fresh.textContent()).toContain('This computer does not know the demographic categories of event 4711 yet');
    expect(await fresh.textContent()).toContain('This list has “Geschlecht”, “Altersgruppe”.');
    expect(await fresh.textContent()).toContain('With the first box ticked, the service adds them as new ones');
    await screenshots(page, 'push-new-values');
    await dialog.getByLabel('Add demographic categories and values the event does not have yet').uncheck();
    await expect.poll(() => fresh.textContent()).toContain('With the first box not ticked, the service leaves them out.');
    await dialog.getByLabel('Add demographic categories and values the event does not have yet').check();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => dialog.textContent(), { timeout: 30_000 }).toContain('11 created');
    await screenshots(page, 'demo-sample-sent');
    expect(preview!.browser.errors).toEqual([]);
  }, 90_000);
});
