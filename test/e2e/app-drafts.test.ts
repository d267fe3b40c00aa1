/**
 * Drafts a person manages, in headless Chromium through the preview against the real
 * reference service: the sheet setup picks its header row by a click on the first rows and
 * shows each column's values; the same file chosen again asks whether to continue its draft
 * or start over; drafts are renamed and deleted (asking first, saying what goes); a README
 * picked by mistake is refused in a sentence, and a sheet without participants never opens.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pickFile } from '../support/file-chooser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { axeCheck, screenshots } from '../support/screens';
import { startTestService, type TestService } from '../support/service';

describe('drafts a person can manage', () => {
  let work: string;
  let service: TestService;
  let preview: AppPreview;
  const sheet = () => join(work, 'Verkostung.csv');
  const page = () => preview.browser.page;
  const setup = () => page().getByRole('region', { name: 'How the sheet is read' });
  const drafts = () => page().getByRole('region', { name: 'Drafts on this computer' }).getByRole('listitem');

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'muster-drafts-e2e-'));
    service = await startTestService({ dataDir: join(work, 'service') });
    writeFileSync(sheet(), ['Teilnehmerliste Verkostung', '', 'Kundennummer;Name;E-Mail;Sprache', 'k1;Ada Lovelace;ada@example.com;en_US', 'k2;Bob;bob@example.com;de_DE', 'k3;Cleo;cleo@example.com;'].join('\n'));
    writeFileSync(join(work, 'README.md'), '# Verkostung\n\nThe list for the tasting is in Verkostung.csv.\n');
    writeFileSync(join(work, 'Kopf.csv'), 'Name;E-Mail\n');
    preview = await startAppPreview(join(work, 'app'), { viewport: { width: 1440, height: 900 } });
    await preview.app.api['accounts.add']({ label: 'Lab', serverUrl: service.url, token: service.token });
    await preview.app.api['events.add']({ externalEventId: 4711, name: 'Cereal tasting' });
  }, 30_000);

  afterAll(async () => {
    await preview?.close();
    await service?.close();
    rmSync(work, { recursive: true, force: true });
  });

  async function choose(path: string) {
    await pickFile(page(), () => page().getByRole('button', { name: 'Open a spreadsheet…' }).click(), path);
  }
  const toEvent = async () => {
    await page().goto(preview.host.url);
    await page().getByRole('link', { name: /Cereal tasting/ }).click();
    await expect.poll(() => page().getByRole('heading', { name: 'Cereal tasting' }).isVisible(), { timeout: 15_000 }).toBe(true);
  };
  const chosenRow = () => setup().locator('tr[aria-current="true"]').getAttribute('data-row');
  const status = () => setup().getByRole('status').textContent();

  it('picks the header row by a click or Enter on it, with each column’s values and the needed fields marked', async () => {
    await page().goto(preview.host.url);
    await page().getByRole('link', { name: /Cereal tasting/ }).click();
    await choose(sheet());
    await expect.poll(() => setup().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await chosenRow()).toBe('3');
    expect(await status()).toBe('3 participants, none of them need fixing.');
    const email = setup().getByRole('row', { name: /^E-Mail/ });
    expect(await email.textContent()).toContain('ada@example.com');
    expect(await email.textContent()).toContain('needed');
    // The title row as the header: the sheet is read again under it.
    await setup().getByRole('row', { name: 'Row 1: use as the column names' }).click();
    await expect.poll(chosenRow, { timeout: 15_000 }).toBe('1');
    await expect.poll(status, { timeout: 15_000 }).not.toBe('3 participants, none of them need fixing.');
    // One Tab stop, on the chosen row; the arrows go from row to row, Enter picks.
    expect(await setup().locator('.picker__row[tabindex="0"]').count()).toBe(1);
    await setup().locator('.picker__row[tabindex="0"]').focus();
    expect(await page().evaluate(() => document.activeElement?.getAttribute('data-row'))).toBe('1');
    await page().keyboard.press('ArrowDown');
    await page().keyboard.press('ArrowDown');
    expect(await page().evaluate(() => document.activeElement?.getAttribute('data-row'))).toBe('3');
    await page().keyboard.press('Enter');
    await expect.poll(chosenRow, { timeout: 15_000 }).toBe('3');
    await expect.poll(status, { timeout: 15_000 }).toBe('3 participants, none of them need fixing.');
    const look = await axeCheck(page(), 'sheet-setup-rows');
    expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
    await screenshots(page(), 'sheet-setup-rows');
    await setup().getByRole('button', { name: 'Open in the workspace' }).click();
    await expect.poll(() => page().getByRole('heading', { name: 'Verkostung.csv for event 4711' }).isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it('asks when the same file is chosen again: continuing opens the draft, starting over replaces it', async () => {
    const [first] = (await preview.app.api['events.show'](4711)).drafts;
    await toEvent();
    await choose(sheet());
    const question = page().getByRole('group', { name: 'You opened this file for this event before' });
    await expect.poll(() => question.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await question.textContent()).toContain('“Verkostung.csv” has 3 rows');
    expect(await setup().count()).toBe(0);
    // The keyboard goes on at the question: its first answer has the focus.
    const continuing = question.getByRole('button', { name: 'Continue the draft' });
    await expect.poll(() => continuing.evaluate((el) => el === document.activeElement)).toBe(true);
    await page().keyboard.press('Enter');
    await expect.poll(() => page().url(), { timeout: 15_000 }).toContain(`#/drafts/${first.id}`);
    expect((await preview.app.api['events.show'](4711)).drafts).toHaveLength(1);

    await toEvent();
    await choose(sheet());
    await expect.poll(() => question.isVisible(), { timeout: 15_000 }).toBe(true);
    // Starting over replaces the draft and its edits: asked first, saying so; Escape keeps it.
    await question.getByRole('button', { name: 'Start over from the file' }).click();
    const asked = page().getByRole('dialog', { name: 'Start over from the file?' });
    await expect.poll(() => asked.isVisible()).toBe(true);
    expect(await asked.textContent()).toContain('every edit made to it here, and their undo history, are lost');
    await page().keyboard.press('Escape');
    await expect.poll(() => asked.isVisible()).toBe(false);
    expect(await question.isVisible()).toBe(true);
    await question.getByRole('button', { name: 'Start over from the file' }).click();
    await asked.getByRole('button', { name: 'Start over' }).click();
    await setup().getByRole('button', { name: 'Open in the workspace' }).click();
    const opened = () => Number(/#\/drafts\/(\d+)/.exec(page().url())?.[1] ?? 0);
    await expect.poll(opened, { timeout: 15_000 }).toBeGreaterThan(first.id);
    const after = (await preview.app.api['events.show'](4711)).drafts;
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(opened());
  });

  it('renames a draft in place, and deletes it after saying what goes', async () => {
    const [draft] = (await preview.app.api['events.show'](4711)).drafts;
    await preview.app.api['drafts.edit'](draft.id, [{ position: 0, field: 'name', value: 'Ada King' }]);
    await toEvent();
    await page().getByRole('button', { name: 'Rename Verkostung.csv' }).click();
    const name = page().getByLabel('Name', { exact: true });
    await name.fill('Tasting, March');
    await name.press('Enter');
    await expect.poll(() => drafts().first().textContent()).toContain('Tasting, March');
    expect((await preview.app.api['events.show'](4711)).drafts[0].name).toBe('Tasting, March');
    const look = await axeCheck(page(), 'event-drafts');
    expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
    await screenshots(page(), 'event-drafts');

    await page().getByRole('button', { name: 'Delete Tasting, March…' }).click();
    const dialog = page().getByRole('dialog', { name: 'Delete “Tasting, March”?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('Its 3 rows and 1 edit are deleted from this computer, with their undo history.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await drafts().count()).toBe(1);
    await page().getByRole('button', { name: 'Delete Tasting, March…' }).click();
    await dialog.getByRole('button', { name: 'Delete the draft' }).click();
    await expect.poll(() => page().getByText('No drafts for this event.').isVisible(), { timeout: 15_000 }).toBe(true);
    expect((await preview.app.api['events.show'](4711)).drafts).toEqual([]);
  });

  it('refuses a README picked as a sheet in a sentence, and never offers to open no participants', async () => {
    await toEvent();
    await choose(join(work, 'README.md'));
    const alert = page().getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toBe('The file is a Markdown document, not a spreadsheet (xlsx, xls, ods or csv).');
    expect(await setup().count()).toBe(0);

    await choose(join(work, 'Kopf.csv'));
    await expect.poll(() => setup().isVisible(), { timeout: 15_000 }).toBe(true);
    const open = setup().getByRole('button', { name: 'Open in the workspace' });
    expect(await open.isDisabled()).toBe(true);
    expect(await page().locator(`#${await open.getAttribute('aria-describedby')}`).textContent()).toBe('There are no participants to open: choose another header row, sheet or file.');
  });
});
