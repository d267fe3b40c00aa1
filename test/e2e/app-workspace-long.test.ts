/**
 * A long list in the import workspace, in headless Chromium through the preview: the grid is
 * painted from the list's first rows, the rest are read after it, and the list can be changed
 * only once every row is here (a fix over part of it would be wrong). Opening needs no
 * service: the account's address is never reached.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { freePort } from '../support/ports';

describe('a long list in the import workspace', () => {
  let work: string;
  let preview: AppPreview;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'muster-workspace-long-'));
    preview = await startAppPreview(join(work, 'app'), { viewport: { width: 1400, height: 900 } });
    await preview.app.api['accounts.add']({ label: 'Lab', serverUrl: `http://127.0.0.1:${await freePort()}`, token: 'a-token' });
  }, 30_000);

  afterAll(async () => {
    await preview?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('paints the first rows, then reads the rest before the list can be changed', async () => {
    const { app, host, browser } = preview;
    const { page } = browser;
    await page.goto(host.url);
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    const long = join(work, 'Lang.csv');
    // The bad e-mail lies far past the rows read before the grid is first painted.
    const rows = Array.from({ length: 2000 }, (_, i) => `L${i + 1};Person ${i + 1};${i === 1899 ? 'nobody(at)example.com' : `person${i + 1}@example.com`}`);
    writeFileSync(long, ['Kundennummer;Name;E-Mail', ...rows].join('\n'));
    const opened = await app.api['drafts.open']({ grant: app.grantFile(long).grant, externalEventId: 4711 });
    expect(opened.rows.length).toBeLessThan(2000);
    await page.evaluate((hash) => (location.hash = hash), `#/drafts/${opened.draft.id}`);
    await expect.poll(() => page.getByTestId('workspace-counts').textContent(), { timeout: 10_000 }).toContain('2,000 rows');
    await page.getByTestId('rows-arriving').waitFor({ state: 'detached', timeout: 20_000 });
    const problems = page.locator('section.problems');
    await expect.poll(() => problems.textContent(), { timeout: 10_000 }).toContain('Row 1901');
    await expect.poll(() => problems.textContent()).toContain('“nobody(at)example.com” is not a valid e-mail address.');
    // Once every row is here the list can be changed again.
    await expect.poll(() => page.getByRole('button', { name: 'Add a row' }).isEnabled()).toBe(true);
    expect(browser.errors).toEqual([]);
  });

  it('keeps the page’s focus on the cell the keys went to, far down the list as the grid reuses its cells', async () => {
    const { page } = preview.browser;
    /** The page's focused cell: its place and text, and its row's sheet row beside it. */
    const focused = () =>
      page.evaluate(() => {
        const cell = document.activeElement?.closest('[data-rgrow]');
        const y = cell?.getAttribute('data-rgrow');
        const row = y === undefined || y === null ? null : document.querySelector(`revogr-data[type="rgRow"][col-type="colPinStart"] [data-rgrow="${y}"]`);
        return cell ? `${row?.textContent} ${cell.getAttribute('data-rgcol')} ${cell.textContent}` : null;
      });
    await page.locator('revogr-viewport-scroll.rgCol revogr-data [data-rgrow="0"][data-rgcol="1"]').first().click();
    await expect.poll(focused).toBe('2 1 Person 1');
    await page.keyboard.press('Control+End');
    await expect.poll(focused).toMatch(/^2001 \d+ /);
    await page.keyboard.press('Control+Home');
    await expect.poll(focused).toBe('2 0 L1');
    await page.keyboard.press('F8');
    await expect.poll(focused).toBe('1901 2 nobody(at)example.com');
    await page.keyboard.press('PageUp');
    await expect.poll(focused).toMatch(/^18\d\d 2 person18\d\d@example\.com$/);
  });
});
