/**
 * The import workspace as a newcomer meets it, in headless Chromium through the preview,
 * against the real reference service: a messy sheet (a title row, German headers, a bad
 * e-mail, an unknown locale, an HTML-looking name, a shared e-mail) opened for event 4711,
 * every problem fixed in the grid, undone and redone, the same state after the preview is
 * restarted, then sent to the service with the action followed to its summary.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickFile } from '../support/file-chooser';
import { startPreviewHost, type PreviewHost } from '../../src/cli/preview/host';
import { createAppService, type AppService } from '../../src/services/app/app-api';
import { ROOT } from '../support/built-cli';
import { launchIsolatedBrowser, type TestBrowser } from '../support/browser';
import { axeCheck, screenshots } from '../support/screens';
import { startTestService, type TestService } from '../support/service';

const rendererDir = join(ROOT, 'out/renderer');

describe('the import workspace: open, fix, undo, restart, send', () => {
  let work: string;
  let dataDir: string;
  let service: TestService;
  let app: AppService;
  let host: PreviewHost;
  let browser: TestBrowser;
  const sheet = () => join(work, 'Verkostung.csv');

  async function startApp() {
    app = createAppService({ dataDir });
    host = await startPreviewHost({ rendererDir, port: 0, api: app.api, subscribe: app.subscribe, downloads: app.downloads });
  }
  async function stopApp() {
    await host.close();
    await app.close();
  }

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'muster-workspace-e2e-'));
    dataDir = join(work, 'app');
    service = await startTestService({ dataDir: join(work, 'service') });
    writeFileSync(
      sheet(),
      ['Teilnehmerliste Verkostung', '', 'Kundennummer;Name;E-Mail;Sprache', 'k1;Ada Lovelace;ada@example.com;en_US', 'k2;Bob;bob(at)example.com;de_DE', 'k3;<b>Cleo</b>;cleo@example.com;xx_XX', 'k4;Dan;ada@example.com;de_DE', 'k5;Eve;eve@example.com;'].join('\n'),
    );
    await startApp();
    await app.api['accounts.add']({ label: 'Lab', serverUrl: service.url, token: service.token });
    await app.api['events.add']({ externalEventId: 4711, name: 'Cereal tasting' });
    // The window a coordinator works in: the screenshots in docs/ are taken at this size.
    browser = await launchIsolatedBrowser({ viewport: { width: 1440, height: 900 } });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await stopApp();
    await service?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const grid = () => browser.page.locator('revo-grid');
  // A cell of the editable columns (the pinned sheet-row column is a viewport of its own).
  const cell = (row: number, column: number) => grid().locator(`revogr-viewport-scroll.rgCol revogr-data[type="rgRow"] [data-rgrow="${row}"][data-rgcol="${column}"]`);

  it('opens the sheet for the event and shows each problem in words, with the grid marking the cells', async () => {
    const { page } = browser;
    await page.goto(host.url);
    await page.getByRole('link', { name: /Cereal tasting/ }).click();
    // The browser's own file chooser: the page sends the file's bytes, never a path.
    await pickFile(page, () => page.getByRole('button', { name: 'Open a spreadsheet…' }).click(), sheet());
    // First a look at how the sheet is read: the header row found under the title, each column's mapping.
    const setup = page.getByRole('region', { name: 'How the sheet is read' });
    await expect.poll(() => setup.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await setup.getByRole('row', { name: 'Row 3, the column names' }).getAttribute('aria-current')).toBe('true');
    expect(await setup.getByLabel('Read column E-Mail as').inputValue()).toBe('email');
    expect(await setup.getByLabel('Read column Sprache as').inputValue()).toBe('locale');
    expect(await setup.getByRole('status').textContent()).toBe('5 participants, 2 of them need fixing.');
    // A closed select changes with each arrow key, and each change reads the sheet again: the
    // keys pressed while it reads still reach the select, which keeps the focus throughout.
    const language = setup.getByLabel('Read column Sprache as');
    await language.focus();
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowUp', 'ArrowUp']) await page.keyboard.press(key);
    await expect.poll(() => language.inputValue()).toBe('email');
    await expect.poll(() => setup.getByRole('status').textContent()).toBe('5 participants, 5 of them need fixing.');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => setup.getByRole('status').textContent()).toBe('5 participants, 2 of them need fixing.');
    expect(await language.inputValue()).toBe('locale');
    expect(await language.evaluate((select) => select === document.activeElement)).toBe(true);
    // Its options stay where they are whatever is chosen, or arrows would walk them in another order.
    const options = () => language.locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
    const order = await options();
    await language.selectOption('ignore');
    await expect.poll(() => setup.getByRole('status').textContent()).toBe('5 participants, 1 of them needs fixing.');
    expect(await options()).toEqual(order);
    await language.selectOption('locale');
    await expect.poll(() => setup.getByRole('status').textContent()).toBe('5 participants, 2 of them need fixing.');
    // One column gives the e-mail: chosen for another, the first one's select says it is no longer read.
    const mail = setup.getByLabel('Read column E-Mail as');
    await mail.selectOption('email');
    await language.selectOption('email');
    await expect.poll(() => mail.inputValue()).toBe('ignore');
    await language.selectOption('locale');
    await mail.selectOption('email');
    await expect.poll(() => setup.getByRole('status').textContent()).toBe('5 participants, 2 of them need fixing.');
    const look = await axeCheck(page, 'sheet-setup');
    expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'sheet-setup');
    await setup.getByRole('button', { name: 'Open in the workspace' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Verkostung.csv for event 4711' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId('workspace-counts').textContent()).toContain('5 rows · 2 rows need fixing');
    const problems = page.getByRole('region', { name: 'Problems and warnings' });
    await expect.poll(() => problems.textContent()).toContain('“bob(at)example.com” is not a valid e-mail address.');
    expect(await problems.textContent()).toContain('“xx_XX” is not a locale the service knows');
    expect(await problems.textContent()).toContain('Shares its e-mail with row 4');
    await expect.poll(() => grid().locator('.cell--invalid').count()).toBe(2);
    expect(await grid().locator('.cell--warning').count()).toBe(2);
    expect(await grid().textContent()).toContain('<b>Cleo</b>');
    const figure = await axeCheck(page, 'workspace');
    expect(figure.seriousOrCritical, JSON.stringify(figure.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'workspace');
    // The whole window is the workspace's: the grid runs to the problems panel and the window's foot.
    const box = await page.locator('.workspace-grid').boundingBox();
    expect(box!.width).toBeGreaterThan(1000);
    expect(box!.y + box!.height).toBeGreaterThan(850);
    const tools = await page.getByRole('button', { name: 'Send to the service…' }).boundingBox();
    expect(tools!.x + tools!.width).toBeLessThanOrEqual(1440);
    expect(tools!.y).toBeLessThan((await page.getByRole('button', { name: 'Undo' }).boundingBox())!.y + 10);
    // The same in German, where the words are longer.
    await app.api['settings.setLanguage']('de');
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'An den Dienst senden…' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshots(page, 'workspace-de');
    const german = await page.getByRole('button', { name: 'An den Dienst senden…' }).boundingBox();
    expect(german!.x + german!.width).toBeLessThanOrEqual(1440);
    expect(german!.y).toBeLessThan((await page.getByRole('button', { name: 'Rückgängig' }).boundingBox())!.y + 10);
    await app.api['settings.setLanguage']('system');
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Send to the service…' }).isVisible(), { timeout: 10_000 }).toBe(true);
    // Two accessibility checks, six screenshots and two reloads: more than the default on a busy machine.
  }, 90_000);

  /** Types over a cell as in Excel: select it, type (which replaces the text), Enter. */
  async function typeInto(row: number, column: number, text: string) {
    const { page } = browser;
    await cell(row, column).click();
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  }

  it('fixes each problem by typing, a find and replace, and a locale for the rows without one', async () => {
    const { page } = browser;
    const counts = page.getByTestId('workspace-counts');
    // With only the rows that have a problem shown, a row leaves the grid once it is fixed.
    const filter = page.getByLabel('Only rows with problems');
    const shownRows = () => grid().locator('revogr-viewport-scroll.rgCol revogr-data[type="rgRow"] [data-rgcol="1"]').count();
    await filter.check();
    await expect.poll(shownRows).toBe(3);
    // Each fix shows in the grid (the cell no longer marked) before the next one is made.
    await grid().locator('revogr-viewport-scroll.rgCol [data-rgcol="2"]', { hasText: 'bob(at)example.com' }).click();
    await page.keyboard.type('bob@example.com');
    await page.keyboard.press('Enter');
    await expect.poll(shownRows).toBe(2);
    // A row added meanwhile (blank, so with problems) shows; the fixed rows stay hidden.
    await page.getByRole('button', { name: 'Add a row' }).click();
    await expect.poll(shownRows).toBe(3);
    // The new row's first cell to fill in has the focus, to be typed into.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-rgrow]')?.getAttribute('data-rgrow') ?? null)).toBe('2');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(shownRows).toBe(2);
    await filter.uncheck();
    await expect.poll(shownRows).toBe(5);
    await expect.poll(() => counts.textContent()).toContain('1 row needs fixing');
    await expect.poll(() => grid().locator('.cell--invalid').count()).toBe(1);

    await page.getByText('Fix many cells at once').click();
    await page.getByLabel('Column').selectOption('locale');
    await page.getByLabel('Find').fill('XX_xx');
    await page.getByLabel('Replace with').fill('fr_FR');
    await page.getByRole('button', { name: 'Replace in 1 cell' }).click();
    await expect.poll(() => counts.textContent()).toContain('No row has invalid fields.');
    await expect.poll(() => grid().locator('.cell--invalid').count()).toBe(0);
    expect(await counts.textContent()).toContain('1 row repeats another');

    await page.getByLabel('Locale for rows without one').selectOption('de_DE');
    await page.getByRole('button', { name: 'Set in 1 row' }).click();
    await expect.poll(() => cell(4, 3).textContent()).toBe('de_DE');
    await expect.poll(() => page.getByRole('button', { name: /^Set \(no blank locale\)$/ }).isVisible()).toBe(true);

    await typeInto(3, 2, 'dan@example.com');
    await expect.poll(() => counts.textContent()).not.toContain('repeats');
    await expect.poll(() => grid().locator('.cell--warning').count()).toBe(0);
    // What is left is the HTML-looking name: a warning, not a problem.
    expect(await page.getByRole('region', { name: 'Problems and warnings' }).textContent()).toContain('Name: 1 cell looks like HTML');
    expect(await page.getByRole('region', { name: 'Problems and warnings' }).textContent()).not.toContain('Shares its e-mail');
  });

  it('undoes and redoes with the buttons and the keyboard', async () => {
    const { page } = browser;
    const counts = page.getByTestId('workspace-counts');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => counts.textContent()).toContain('1 row repeats another');
    await page.getByRole('button', { name: 'Undo' }).focus();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => cell(4, 3).textContent()).toBe('');
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect.poll(() => cell(4, 3).textContent()).toBe('de_DE');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => counts.textContent()).not.toContain('repeats');
  });

  it('adds a row, deletes it again, and exports the list with each row’s status', async () => {
    const { page } = browser;
    const counts = page.getByTestId('workspace-counts');
    await page.getByRole('button', { name: 'Add a row' }).click();
    await expect.poll(() => counts.textContent()).toContain('6 rows · 1 row needs fixing');
    await cell(5, 1).click();
    await page.getByRole('button', { name: 'Delete the selected row' }).click();
    await expect.poll(() => counts.textContent()).toContain('5 rows · Every row is ready to send.');
    // The last row gone, the row now last has the focus, in the grid rather than on the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-rgrow]')?.getAttribute('data-rgrow') ?? null)).toBe('4');
    // The preview hands the export to the browser as a download, once; nothing is left in a shared folder.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export the list' }).click();
    const xlsx = await download;
    expect(xlsx.suggestedFilename()).toBe('Verkostung-checked.xlsx');
    const written = page.getByRole('status').filter({ hasText: 'Written to' });
    await expect.poll(() => written.textContent()).toContain('Verkostung-checked.xlsx');
    const exported = XLSX.read(readFileSync(await xlsx.path()));
    const table = XLSX.utils.sheet_to_json<string[]>(exported.Sheets[exported.SheetNames[0]], { header: 1 });
    expect(table).toHaveLength(6);
    expect(table[2]).toEqual(expect.arrayContaining(['5', 'valid', 'bob@example.com']));
    // The same as csv, the HTML-looking name written as the text it is.
    await page.getByLabel('Export as').selectOption('csv');
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export the list' }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toBe('Verkostung-checked.csv');
    const csv = readFileSync(await csvFile.path(), 'utf8');
    expect(existsSync(join(dataDir, 'exports'))).toBe(false);
    expect(csv.trim().split(/\r?\n/)).toHaveLength(6);
    expect(csv).toContain('bob@example.com');
  });

  it('finds the same list, history included, after the preview is restarted', async () => {
    const { page } = browser;
    const at = new URL(page.url()).hash;
    await stopApp();
    await startApp();
    // The new run has a new key: open its link, then come back to the same screen.
    await page.goto(host.url);
    await expect.poll(() => page.getByRole('heading', { name: 'Events' }).isVisible()).toBe(true);
    await page.evaluate((hash) => (location.hash = hash), at);
    const counts = page.getByTestId('workspace-counts');
    await expect.poll(() => counts.textContent(), { timeout: 10_000 }).toContain('5 rows · Every row is ready to send.');
    expect(await page.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
    // The last step before the restart was deleting the added row: undo brings it back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => counts.textContent()).toContain('6 rows · 1 row needs fixing');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => counts.textContent()).toContain('5 rows · Every row is ready to send.');
  });

  it('sends the list to event 4711 and shows the action’s summary', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Send to the service…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Verkostung.csv to event 4711' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Remove the event’s participants that this list does not name').isChecked()).toBe(false);
    const figure = await axeCheck(page, 'workspace-push');
    expect(figure.seriousOrCritical, JSON.stringify(figure.seriousOrCritical)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => dialog.getByRole('status').textContent(), { timeout: 20_000 }).toContain('Done: 5 created, 0 updated, 0 skipped, 0 removed.');
    await screenshots(page, 'workspace-pushed');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByText('This list has been sent; it can no longer be changed.').isVisible()).toBe(true);
    expect(browser.errors).toEqual([]);
  });

  it('saves a push made while the service is down, and sends it from the sync panel once it is back', async () => {
    const { page } = browser;
    const port = Number(new URL(service.url).port);
    const other = join(work, 'Nachzügler.csv');
    writeFileSync(other, ['Kundennummer;Name;E-Mail', 'n1;Nia;nia@example.com', 'n2;Oli;oli@example.com'].join('\n'));
    const reopen = await app.api['drafts.open']({ grant: app.grantFile(other).grant, externalEventId: 4711 });
    expect(reopen.draft.rows).toBe(2);
    await page.evaluate((hash) => (location.hash = hash), `#/drafts/${reopen.draft.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Nachzügler.csv for event 4711' }).isVisible()).toBe(true);

    await service.close();
    await page.getByRole('button', { name: 'Send to the service…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Nachzügler.csv to event 4711' });
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => dialog.getByRole('status').textContent(), { timeout: 15_000 }).toContain('The push is saved and continues when the service answers.');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The same service again, on its address and with its data: the saved push can go on.
    service = await startTestService({ dataDir: join(work, 'service'), port });
    await page.getByTestId('sync-status').click();
    const panel = page.getByRole('complementary', { name: 'Sync' });
    await panel.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => panel.getByText('Nothing is waiting').isVisible(), { timeout: 20_000 }).toBe(true);
    await panel.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'Back to the event', exact: false }).click();
    await expect.poll(() => page.getByRole('article').count(), { timeout: 10_000 }).toBe(2);
    expect(await page.getByRole('article').first().textContent()).toContain('2 participants');
  }, 60_000);

  it('stops before the action when the service reads a row differently, and goes back or sends as the person chooses', async () => {
    const { page } = browser;
    // Ada is a participant of event 4711 now (k1); a list giving her e-mail to someone else
    // looks fine offline, and only the service, which knows the event's people, sees it.
    const late = join(work, 'Spät.csv');
    writeFileSync(late, ['Kundennummer;Name;E-Mail', 'k9;Ada Byron;ada@example.com'].join('\n'));
    const opened = await app.api['drafts.open']({ grant: app.grantFile(late).grant, externalEventId: 4711 });
    await page.evaluate((hash) => (location.hash = hash), `#/drafts/${opened.draft.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Spät.csv for event 4711' }).isVisible()).toBe(true);
    const sendOnce = async () => {
      await page.getByRole('button', { name: 'Send to the service…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send Spät.csv to event 4711' });
      await dialog.getByRole('button', { name: 'Send', exact: true }).click();
      const review = dialog.getByRole('region', { name: 'The service reads 1 row differently' });
      await expect.poll(() => review.isVisible(), { timeout: 20_000 }).toBe(true);
      return { dialog, review };
    };
    const first = await sendOnce();
    expect(await first.review.getByRole('row').nth(1).textContent()).toBe('2Same e-mail as another personnothinganother person’s e-mail');
    const look = await axeCheck(page, 'workspace-review');
    await screenshots(page, 'workspace-review');
    expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
    await first.review.getByRole('button', { name: 'Go back and fix' }).click();
    await expect.poll(() => first.dialog.getByRole('status').textContent(), { timeout: 10_000 }).toContain('The list is open for editing again.');
    await first.dialog.getByRole('button', { name: 'Close' }).click();

    await sendOnce();
    // Escape does not lose the question; coming back to the list later finds it again.
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog', { name: 'Send Spät.csv to event 4711' }).isVisible()).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Where the push stands…' }).click();
    const second = { dialog: page.getByRole('dialog', { name: 'Send Spät.csv to event 4711' }), review: page.getByRole('region', { name: 'The service reads 1 row differently' }) };
    await expect.poll(() => second.review.isVisible(), { timeout: 20_000 }).toBe(true);
    await second.review.getByRole('button', { name: 'Send as it is' }).click();
    await expect.poll(() => second.dialog.getByRole('status').textContent(), { timeout: 20_000 }).toContain('Done: 1 created, 0 updated, 0 skipped, 0 removed.');
    await second.dialog.getByRole('button', { name: 'Close' }).click();
    expect(browser.errors).toEqual([]);
  }, 60_000);

  it('grows the list when a block pasted from a spreadsheet runs past the last row, and takes the paste back in one undo', async () => {
    const { page } = browser;
    const small = join(work, 'Klein.csv');
    writeFileSync(small, ['Kundennummer;Name;E-Mail', 'p1;Pia;pia@example.com'].join('\n'));
    const opened = await app.api['drafts.open']({ grant: app.grantFile(small).grant, externalEventId: 4711 });
    await page.evaluate((hash) => (location.hash = hash), `#/drafts/${opened.draft.id}`);
    const counts = page.getByTestId('workspace-counts');
    await expect.poll(() => counts.textContent(), { timeout: 10_000 }).toContain('1 row');
    await cell(0, 0).click();
    // The grid listens for pastes once a cell has the focus.
    await page.waitForFunction(() => document.querySelector('revogr-clipboard') !== null);
    // What Excel puts on the clipboard for three rows of three cells.
    await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.setData('text/plain', 'q1\\tQuinn\\tquinn@example.com\\nr1\\tRia\\tria@example.com\\ns1\\tSol\\tsol@example.com\\r\\n');
      document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    })()`);
    await expect.poll(() => counts.textContent(), { timeout: 10_000 }).toContain('3 rows');
    const saved = await app.api['drafts.page'](opened.draft.id, { limit: 10 });
    expect(saved.rows.map((r) => [r.cells.external_id, r.cells.name, r.cells.email])).toEqual([
      ['q1', 'Quinn', 'quinn@example.com'],
      ['r1', 'Ria', 'ria@example.com'],
      ['s1', 'Sol', 'sol@example.com'],
    ]);
    await expect.poll(() => cell(2, 1).textContent()).toBe('Sol');
    // The whole paste is one step back: the cell it covered and the rows it added.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => counts.textContent()).toContain('1 row');
    await expect.poll(() => cell(0, 1).textContent()).toBe('Pia');
    expect((await app.api['drafts.page'](opened.draft.id, { limit: 10 })).rows.map((r) => r.cells.external_id)).toEqual(['p1']);
    expect(browser.errors).toEqual([]);
  });
});
