/**
 * An answer that comes late (a busy computer) must not take what the person did meanwhile:
 * in headless Chromium through the preview with the demo service and the sample list, the main
 * side answers each edit 700 ms late while the person goes on with F8 and types the next fix
 * at once; a row added is answered late while the person has moved the focus elsewhere.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService } from '../../src/server/demo';
import { sampleSheetIn } from '../../src/services/app/sample-sheet';
import { assertBuilt, ROOT } from '../support/built-cli';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { answerEditsLate, answerLate, firstCell, openSampleInWorkspace } from '../support/demo-sample';

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
    await openSampleInWorkspace(preview!);
    answerEditsLate(preview!, () => 700);
    const counts = page.getByTestId('workspace-counts');
    await firstCell(page).click();
    await page.keyboard.press('F8');
    await page.keyboard.type('jonas.weber@example.de');
    await page.keyboard.press('Enter');
    // The next problem at once, its fix typed while the first answer is still on its way.
    await page.waitForTimeout(250);
    await page.keyboard.press('F8');
    await page.keyboard.type('en_GB', { delay: 120 });
    await page.keyboard.press('Enter');
    await expect.poll(() => counts.textContent()).toContain('No row has invalid fields.');
  }, 120_000);

  it('leaves the focus where the person put it while a row added was on its way', async () => {
    const { page } = preview!.browser;
    const counts = page.getByTestId('workspace-counts');
    const rowsNow = async () => Number(/([\d,]+) rows?/.exec((await counts.textContent()) ?? '')?.[1].replace(',', '') ?? 0);
    const before = await rowsNow();
    answerLate(preview!, 'drafts.addRows', () => 700);
    await page.getByRole('button', { name: 'Add a row' }).focus();
    await page.keyboard.press('Enter');
    // While the main side is busy the person goes on to the filter.
    const filter = page.getByLabel('Only rows with problems');
    await filter.focus();
    await expect.poll(rowsNow, { timeout: 10_000 }).toBe(before + 1);
    // A few frames for anything the answer set off.
    await page.waitForTimeout(300);
    expect(await filter.evaluate((el) => el === document.activeElement)).toBe(true);
  }, 60_000);
});
