/**
 * Demographics in the workspace, in headless Chromium through the preview: with the event's
 * catalog known, a column per category, its cell edited with the category's values offered
 * as one types, and the draft's demographics changed only in that category; without one, the
 * single text column, and the screen says why. Opening needs no service.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rememberCategory } from '../../src/services/mirror/queries/imports/catalog';
import { openAccountMirror } from '../../src/services/usecases/account-mirror';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { freePort } from '../support/ports';
import { axeCheck, screenshots } from '../support/screens';

const WITH_CATALOG = 4711;
const WITHOUT = 4712;

describe('a column per demographic category of the event', () => {
  let work: string;
  let preview: AppPreview;
  let sheet: string;
  const grid = () => preview.browser.page.locator('revo-grid');
  const headers = () => grid().locator('revogr-header .rgHeaderCell').allTextContents();
  /** The cell of `column` (0 is the first after the row number) in the row whose external ID is `id`. */
  const cell = async (id: string, column: number) => {
    const rows = grid().locator('revogr-viewport-scroll.rgCol revogr-data[type="rgRow"]');
    const row = await rows.locator('[data-rgcol="0"]', { hasText: new RegExp(`^${id}$`) }).getAttribute('data-rgrow');
    return rows.locator(`[data-rgrow="${row}"][data-rgcol="${column}"]`);
  };
  const open = async (externalEventId: number) => {
    const { page } = preview.browser;
    const opened = await preview.app.api['drafts.open']({ grant: preview.app.grantFile(sheet).grant, externalEventId });
    await page.evaluate((hash) => (location.hash = hash), `#/drafts/${opened.draft.id}`);
    await page.getByTestId('workspace-counts').filter({ hasText: '3 rows' }).waitFor({ timeout: 15_000 });
    await grid().locator('revogr-data [data-rgrow]').first().waitFor();
    return opened.draft.id;
  };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'muster-workspace-demographics-'));
    preview = await startAppPreview(join(work, 'app'), { viewport: { width: 1440, height: 900 } });
    const view = await preview.app.api['accounts.add']({ label: 'Lab', serverUrl: `http://127.0.0.1:${await freePort()}`, token: 'a-token' });
    const account = view.accounts[0];
    // The catalog as a pull or a push would have left it in the mirror.
    const db = openAccountMirror({ dataDir: join(work, 'app'), serverUrl: account.serverUrl, account: account.account });
    rememberCategory(db, WITH_CATALOG, { id: 1, name: 'Gender', exclusive: true, demographics: [{ id: 11, name: 'Female' }, { id: 12, name: 'Male' }, { id: 13, name: 'Diverse' }] });
    rememberCategory(db, WITH_CATALOG, { id: 2, name: 'Age Group', exclusive: true, demographics: [{ id: 21, name: '18-24' }, { id: 22, name: '25-34' }] });
    db.close();
    sheet = join(work, 'Liste.csv');
    writeFileSync(sheet, ['Kundennummer;Name;E-Mail;Sprache;Gender;Age Group', 'k1;Ada;ada@example.com;de_DE;Female;25-34', 'k2;Bob;bob@example.com;de_DE;Mle;18-24', 'k3;Cleo;cleo@example.com;de_DE;;'].join('\n'));
    await preview.browser.page.goto(preview.host.url);
    await preview.browser.page.getByRole('heading', { name: 'Events' }).waitFor();
  }, 60_000);

  afterAll(async () => {
    await preview?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('shows each category in a column of its own, and edits it with the catalog’s values', async () => {
    const { page } = preview.browser;
    const draftId = await open(WITH_CATALOG);
    await expect.poll(headers).toEqual(expect.arrayContaining(['Gender', 'Age Group']));
    expect(await headers()).not.toContain('Demographics');
    expect(await page.getByTestId('no-catalog').count()).toBe(0);
    const fields = await headers();
    const gender = fields.indexOf('Gender') - 1;
    expect(await (await cell('k1', gender)).textContent()).toBe('Female');
    expect(await (await cell('k1', gender + 1)).textContent()).toBe('25-34');
    // A value the catalog lacks is warned about in its own category's cell.
    expect(await (await cell('k2', gender)).getAttribute('title')).toContain('“Mle” is not one of the event’s Gender values.');

    await (await cell('k2', gender)).dblclick();
    const input = page.getByRole('combobox', { name: /Gender, type to filter/ });
    await input.waitFor();
    expect(await page.locator('datalist option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(['Female', 'Male', 'Diverse']);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('m');
    // Completed to the catalog's value, its rest selected: Enter takes it.
    expect(await input.inputValue()).toBe('male');
    await page.keyboard.press('Enter');
    const bob = async () => (await preview.app.api['drafts.page'](draftId, {})).rows.find((r) => r.cells.external_id === 'k2')!;
    await expect.poll(async () => (await bob()).cells.demographics).toBe('Gender: male; Age Group: 18-24');
    expect((await bob()).warnings).toEqual([]);
    await expect.poll(async () => (await cell('k2', gender)).getAttribute('title')).toBeNull();

    // A category a row had none of is added to its demographics, the others kept.
    await (await cell('k3', gender + 1)).dblclick();
    await page.getByRole('combobox', { name: /Age Group, type to filter/ }).waitFor();
    await page.keyboard.type('18');
    await page.keyboard.press('Enter');
    const cleo = async () => (await preview.app.api['drafts.page'](draftId, {})).rows.find((r) => r.cells.external_id === 'k3')!;
    await expect.poll(async () => (await cleo()).cells.demographics).toBe('Age Group: 18-24');
    // The grid shows what was taken, in the cell typed into.
    await expect.poll(async () => (await cell('k3', gender + 1)).textContent()).toBe('18-24');
    expect(await (await cell('k2', gender)).textContent()).toBe('male');
    // Enter took the value and closed the editor, as in a spreadsheet.
    await expect.poll(() => grid().locator('revogr-edit').count()).toBe(0);

    const look = await axeCheck(page, 'workspace-demographics');
    expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
    // The selected cell's value shows through the selection drawn over it.
    expect(await grid().locator('.selection-border-range').evaluate((range) => getComputedStyle(range).backgroundColor)).toMatch(/^(color\(srgb .* \/ 0\.\d+\)|rgba\(.*, 0\.\d+\))$/);
    await screenshots(page, 'workspace-demographics');

    expect(preview.browser.errors).toEqual([]);
  }, 60_000);

  it('keeps one demographics column for an event with no catalog known, and says so', async () => {
    const { page } = preview.browser;
    await open(WITHOUT);
    await expect.poll(headers).toContain('Demographics');
    expect(await headers()).not.toContain('Gender');
    expect(await page.getByTestId('no-catalog').textContent()).toContain('No demographic catalog is known for this event yet');
    const look = await axeCheck(page, 'workspace-no-catalog');
    expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'workspace-no-catalog');
    expect(preview.browser.errors).toEqual([]);
  }, 60_000);
});
