/**
 * An edit's answer that comes late (a busy computer) must not take the keys typed meanwhile
 * into the next cell: in headless Chromium through the preview with the demo service and the
 * sample list, the main side answers each edit 700 ms late while the person goes on with F8
 * and types the next fix at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService } from '../../src/server/demo';
import { sampleSheetIn } from '../../src/services/app/sample-sheet';
import { assertBuilt, ROOT } from '../support/built-cli';
import { startAppPreview, type AppPreview } from '../support/app-preview';

describe('a late answer to an edit', () => {
  let dataDir: string;
  let preview: AppPreview | undefined;

  beforeAll(async () => {
    assertBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'muster-late-'));
    preview = await startAppPreview(dataDir, { demo: startDemoService, sampleSheet: sampleSheetIn(join(ROOT, 'resources')), viewport: { width: 1440, height: 900 } });
  }, 30_000);

  afterAll(async () => {
    await preview?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every key of the next fix typed before it came', async () => {
    const { page } = preview!.browser;
    await page.goto(preview!.host.url);
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Events' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByLabel('Event number (external id)').fill('4711');
    await page.getByRole('button', { name: 'Add event' }).click();
    await page.getByRole('link', { name: /4711/ }).click();
    await page.getByRole('button', { name: 'Open the sample list' }).click();
    const setup = page.getByRole('region', { name: 'How the sheet is read' });
    await expect.poll(() => setup.isVisible(), { timeout: 15_000 }).toBe(true);
    await setup.getByRole('button', { name: 'Open in the workspace' }).click();
    const problems = page.getByRole('region', { name: 'Problems and warnings' });
    await expect.poll(() => problems.textContent(), { timeout: 15_000 }).toContain('“en_DE” is not a locale the service knows');

    const api = preview!.app.api as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const edit = api['drafts.edit'];
    api['drafts.edit'] = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      return edit(...args);
    };
    const counts = page.getByTestId('workspace-counts');
    await page.locator('revo-grid revogr-viewport-scroll.rgCol revogr-data[type="rgRow"] [data-rgrow="0"][data-rgcol="0"]').click();
    await page.keyboard.press('F8');
    await page.keyboard.type('jonas.weber@example.de');
    await page.keyboard.press('Enter');
    // The next problem at once, its fix typed while the first answer is still on its way.
    await page.waitForTimeout(250);
    await page.keyboard.press('F8');
    await page.keyboard.type('en_GB', { delay: 120 });
    await page.keyboard.press('Enter');
    await expect.poll(() => counts.textContent()).toContain('Every row is ready to send.');
  }, 120_000);
});
