/**
 * The main flow with the keyboard alone, in headless Chromium through the preview against the
 * real reference service: open a sheet for an event (the file chooser is the one step a
 * person does with the system's dialog), walk and fix the problems with F8 and typing, a find
 * and replace, undo, and send with the flags dialog. Every Tab is checked: the focus moves,
 * and while a dialog is open it stays inside it and the grid behind does not move.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { pickFile } from '../support/file-chooser';
import { startTestService, type TestService } from '../support/service';

/** What has the focus, in words a failure can show. */
const FOCUS = `(() => {
  const a = document.activeElement;
  const dialog = document.querySelector('dialog[open]');
  const cell = a && a.closest('[data-rgcol]');
  return {
    tag: a ? a.tagName : 'none',
    name: a ? (a.getAttribute('aria-label') || a.getAttribute('name') || (a.textContent || '').trim().slice(0, 40)) : '',
    cell: cell ? cell.getAttribute('data-rgrow') + ',' + cell.getAttribute('data-rgcol') : null,
    inDialog: dialog ? dialog.contains(a) : null,
    heading: a ? /^H[1-6]$/.test(a.tagName) : false,
  };
})()`;
type Focus = { tag: string; name: string; cell: string | null; inDialog: boolean | null; heading: boolean };

describe('the main flow, keyboard only', () => {
  let work: string;
  let service: TestService;
  let preview: AppPreview;
  const focus = () => preview.browser.page.evaluate(FOCUS) as Promise<Focus>;

  /** Tab (or Shift+Tab) until `name` has the focus; fails on a Tab that leaves the focus where it was, on body, or outside an open dialog. */
  async function tabTo(name: string | RegExp, backwards = false) {
    const { page } = preview.browser;
    let before = await focus();
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
      const now = await focus();
      expect(now.tag, `Tab ${i} from ${JSON.stringify(before)}`).not.toBe('BODY');
      expect(now.inDialog, `Tab ${i} left the open dialog`).not.toBe(false);
      expect(JSON.stringify(now), 'a Tab that did not move the focus').not.toBe(JSON.stringify(before));
      if (typeof name === 'string' ? now.name === name : name.test(now.name)) return now;
      before = now;
    }
    throw new Error(`${name} was not reached by Tab`);
  }

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'muster-keyboard-e2e-'));
    service = await startTestService({ dataDir: join(work, 'service') });
    writeFileSync(
      join(work, 'Verkostung.csv'),
      ['Kundennummer;Name;E-Mail;Sprache', 'k1;Ada Lovelace;ada@example.com;en_US', 'k2;Bob;bob(at)example.com;de_DE', 'k3;Cleo;cleo@example.com;xx_XX', 'k4;Dan;dan@example.com;de_DE'].join('\n'),
    );
    preview = await startAppPreview(join(work, 'app'), { viewport: { width: 1440, height: 900 } });
    await preview.app.api['accounts.add']({ label: 'Lab', serverUrl: service.url, token: service.token });
    await preview.app.api['events.add']({ externalEventId: 4711, name: 'Cereal tasting' });
  }, 30_000);

  afterAll(async () => {
    await preview?.close();
    await service?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('opens a sheet for the event, the focus going to each new screen’s heading and to the sheet’s setup', { timeout: 60_000 }, async () => {
    const { page } = preview.browser;
    await page.goto(preview.host.url);
    await expect.poll(() => page.getByRole('heading', { name: 'Events' }).isVisible()).toBe(true);
    await tabTo(/Cereal tasting/);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focus()).heading).toBe(true);
    expect((await focus()).name).toBe('Cereal tasting');
    await tabTo('Open a spreadsheet…');
    await pickFile(page, () => page.keyboard.press('Enter'), join(work, 'Verkostung.csv'));
    const setup = page.getByRole('region', { name: 'How the sheet is read' });
    await expect.poll(() => setup.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => setup.evaluate((e) => e.contains(document.activeElement))).toBe(true);
    await tabTo('Open in the workspace');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focus()).name, { timeout: 15_000 }).toBe('Verkostung.csv for event 4711');
    expect((await focus()).heading).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('walks to each problem with F8 and fixes it by typing, moving in the grid with the keys', async () => {
    const { page } = preview.browser;
    const counts = page.getByTestId('workspace-counts');
    await expect.poll(() => counts.textContent()).toContain('2 rows need fixing');
    await page.locator('revogr-viewport-scroll.rgCol revogr-data [data-rgrow="0"]').first().waitFor();
    await page.keyboard.press('F8');
    await expect.poll(async () => (await focus()).cell).toBe('1,2');
    await page.keyboard.type('bob@example.com');
    await page.keyboard.press('Enter');
    await expect.poll(() => counts.textContent()).toContain('1 row needs fixing');
    // The focus stays in the grid after the edit, and the keys move it.
    await expect.poll(async () => (await focus()).cell).not.toBeNull();
    await page.keyboard.press('Home');
    await expect.poll(async () => (await focus()).cell?.endsWith(',0')).toBe(true);
    await page.keyboard.press('End');
    await expect.poll(async () => (await focus()).cell?.endsWith(',5')).toBe(true);
    await page.keyboard.press('Control+Home');
    await expect.poll(async () => (await focus()).cell).toBe('0,0');
    await page.keyboard.press('PageDown');
    await expect.poll(async () => (await focus()).cell).toBe('3,0');
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await focus()).cell).toBe('2,0');
    // Typing opens the cell's editor; Escape leaves the cell as it was.
    await page.keyboard.type('zz');
    await expect.poll(() => page.locator('revogr-edit input').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('revogr-edit input').count()).toBe(0);
    expect(await page.locator('revogr-data [data-rgrow="2"][data-rgcol="0"]').last().textContent()).toBe('k3');
    // Tab leaves the grid for the next control; Shift+Tab comes back to the same cell.
    await expect.poll(async () => (await focus()).cell).toBe('2,0');
    await page.keyboard.press('Tab');
    expect((await focus()).name).toBe('Hide the problems');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(async () => (await focus()).cell).toBe('2,0');
  });

  it('fixes the rest with a find and replace, undoes it with Ctrl+Z and redoes it', async () => {
    const { page } = preview.browser;
    const counts = page.getByTestId('workspace-counts');
    // The toolbar stays where it is as the counts' words change under it.
    const toolbarTop = () => page.locator('.tools').evaluate((el) => Math.round(el.getBoundingClientRect().top));
    const top = await toolbarTop();
    await tabTo('Fix many cells at once', true);
    await page.keyboard.press('Enter');
    await tabTo('find');
    await page.keyboard.type('xx_XX');
    await tabTo('replace');
    await page.keyboard.type('fr_FR');
    await page.keyboard.press('Enter');
    await expect.poll(() => counts.textContent()).toContain('Every row is ready to send.');
    expect(await toolbarTop()).toBe(top);
    await tabTo('Hide the problems');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(async () => (await focus()).cell).not.toBeNull();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => counts.textContent()).toContain('1 row needs fixing');
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect.poll(() => counts.textContent()).toContain('Every row is ready to send.');

    // The toolbar's Undo and Redo by Enter: each keeps the focus while its step runs (disabled
    // meanwhile); once a step leaves nothing more to undo or redo, the other one has it.
    const focused = async () => (await focus()).name;
    await tabTo('Undo', true);
    await page.keyboard.press('Enter');
    await expect.poll(() => counts.textContent()).toContain('1 row needs fixing');
    await expect.poll(focused).toBe('Undo');
    await page.keyboard.press('Enter');
    await expect.poll(() => counts.textContent()).toContain('2 rows need fixing');
    await expect.poll(focused).toBe('Redo');
    await page.keyboard.press('Enter');
    await expect.poll(() => counts.textContent()).toContain('1 row needs fixing');
    await expect.poll(focused).toBe('Redo');
    await page.keyboard.press('Enter');
    await expect.poll(() => counts.textContent()).toContain('Every row is ready to send.');
    await expect.poll(focused).toBe('Undo');
    await tabTo('Hide the problems');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(async () => (await focus()).cell).not.toBeNull();
  });

  it('adds a row from the toolbar and types into it, not into the row above; undoing it keeps the focus in the grid', async () => {
    const { page } = preview.browser;
    const counts = page.getByTestId('workspace-counts');
    const draft = Number(/drafts\/(\d+)/.exec(page.url())?.[1]);
    const names = async () => (await preview.app.api['drafts.page'](draft, { limit: 50 })).rows.map((r) => r.cells.name);
    const before = await names();
    await tabTo('Add a row', true);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await names()).length).toBe(before.length + 1);
    await expect.poll(async () => (await focus()).cell?.split(',')[0]).toBe(String(before.length));
    await page.keyboard.type('Eve Example');
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual([...before, 'Eve Example']);
    // Both steps taken back from the grid: the row goes, and the focus stays in the grid.
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(names).toEqual([...before, '']);
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(names).toEqual(before);
    await expect.poll(() => counts.textContent()).toContain('Every row is ready to send.');
    await expect.poll(async () => (await focus()).cell).not.toBeNull();
  });

  it('sends with the flags dialog, which holds the keys while it is open and gives the focus back', async () => {
    const { page } = preview.browser;
    const cellBefore = (await focus()).cell;
    await tabTo('Send to the service…', true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send Verkostung.csv to event 4711' });
    await expect.poll(async () => (await focus()).inDialog).toBe(true);
    // Round the dialog twice: every Tab stays inside, and the grid behind keeps its cell.
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      expect((await focus()).inDialog, `Tab ${i}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await focus()).name).toBe('Send to the service…');
    expect(await page.evaluate(() => (document.querySelector('revo-grid') as unknown as { getFocused(): Promise<{ cell: { x: number; y: number } } | null> }).getFocused().then((f) => (f ? `${f.cell.y},${f.cell.x}` : null)))).toBe(cellBefore);

    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focus()).inDialog).toBe(true);
    // Space on a flag ticks it, and opens no editor in the grid behind.
    const flag = dialog.getByLabel('Remove the event’s participants that this list does not name');
    await tabTo('destroy_unmatched_participants');
    await page.keyboard.press('Space');
    expect(await flag.isChecked()).toBe(true);
    await page.keyboard.press('Space');
    expect(await flag.isChecked()).toBe(false);
    expect(await page.locator('revogr-edit').count()).toBe(0);
    await tabTo('Send');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('status').textContent(), { timeout: 20_000 }).toContain('Done: 4 created');
    // Send went with the result; Close, the dialog's one control left, has the focus.
    await expect.poll(async () => (await focus()).name).toBe('Close');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('This list has been sent; it can no longer be changed.').isVisible()).toBe(true);
    // The button that opened it is disabled now that the list is sent: the screen's heading has the focus.
    await expect.poll(async () => (await focus()).heading).toBe(true);
    expect(preview.browser.errors).toEqual([]);
  }, 60_000);
});
