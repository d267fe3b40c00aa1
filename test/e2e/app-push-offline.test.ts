/**
 * Sending a list while the service is away, in headless Chromium through the preview against
 * the real reference service, by keyboard: the two demographic flags say what they do
 * together; a push sent offline says it is saved and will be sent, not that it was sent; the
 * dialog left open follows the push to its end once the service is back, naming the rows the
 * action left out and handing them over as a download.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from '../support/built-cli';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { freePort } from '../support/ports';
import { axeCheck, screenshots } from '../support/screens';
import { startTestService, type TestService } from '../support/service';

describe('sending a list while the service is away', () => {
  let work: string;
  let port: number;
  let service: TestService | null = null;
  let preview: AppPreview;
  let draftId: number;
  const start = async () => (service = await startTestService({ dataDir: join(work, 'service'), port }));

  beforeAll(async () => {
    assertBuilt();
    work = mkdtempSync(join(tmpdir(), 'muster-push-offline-e2e-'));
    port = await freePort();
    await start();
    preview = await startAppPreview(join(work, 'app'), { viewport: { width: 1440, height: 900 } });
    const { app } = preview;
    await app.api['accounts.add']({ label: 'Lab', serverUrl: service!.url, token: service!.token });
    await app.api['events.add']({ externalEventId: 4711, name: 'Cereal tasting' });
    // Row 3's e-mail is wrong; row 4 repeats row 2's person.
    const sheet = join(work, 'Abend.csv');
    writeFileSync(sheet, ['External ID,Name,E-Mail', 'a1,Ann,ann@example.com', 'b1,Ben,ben(at)example.com', 'a1,Ann again,ann@example.com', 'c1,Cid,cid@example.com'].join('\n'));
    draftId = (await app.api['drafts.open']({ grant: app.grantFile(sheet).grant, externalEventId: 4711 })).draft.id;
  }, 30_000);

  afterAll(async () => {
    await preview?.close();
    await service?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const dialog = () => preview.browser.page.getByRole('dialog', { name: 'Send Abend.csv to event 4711' });

  /** Moves the focus with Tab until the control named `name` has it. */
  async function tabTo(name: string) {
    const { page } = preview.browser;
    for (let i = 0; i < 40; i++) {
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el ? (el.getAttribute('aria-label') ?? el.closest('label')?.textContent ?? el.textContent ?? '').trim() : '';
      });
      if (focused.startsWith(name)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`No control named “${name}” took the focus.`);
  }

  /** The list's workspace, as the person left it or freshly opened. */
  async function openWorkspace() {
    const { page } = preview.browser;
    if (await page.getByRole('heading', { name: 'Abend.csv for event 4711' }).isVisible()) return;
    await page.goto(preview.host.url);
    await page.evaluate((hash) => (location.hash = hash), `#/drafts/${draftId}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Abend.csv for event 4711' }).isVisible(), { timeout: 15_000 }).toBe(true);
  }

  it('says what “only add the demographics” and “remove their demographics first” do together', async () => {
    const { page } = preview.browser;
    await openWorkspace();
    await tabTo('Send to the service…');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().isVisible()).toBe(true);
    const together = dialog().getByTestId('push-flags-together');
    await tabTo('For people already in the event, only add the demographics');
    await page.keyboard.press('Space');
    expect(await together.count()).toBe(0);
    await tabTo('For people already in the event, remove their demographics first');
    await page.keyboard.press('Space');
    await expect.poll(() => together.textContent()).toBe('Both together: people already in the event keep their name, e-mail, language and note, and their demographics are replaced by this list’s.');
    const look = await axeCheck(page, 'push-flags');
    expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'push-flags');
    await page.keyboard.press('Space');
    await expect.poll(() => together.count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
  }, 60_000);

  it('says a list sent offline is saved and will be sent, then follows it to its end and names the rows left out', async () => {
    const { page } = preview.browser;
    await openWorkspace();
    await service!.close();
    service = null;
    await tabTo('Send to the service…');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog().isVisible()).toBe(true);
    // Rows with problems are left out by default when the list has some; repeats are asked for.
    expect(await dialog().getByLabel('Leave rows with problems out instead of refusing the list').isChecked()).toBe(true);
    await tabTo('Skip rows that repeat an earlier row’s person');
    await page.keyboard.press('Space');
    await tabTo('Send');
    await page.keyboard.press('Enter');
    const status = dialog().getByRole('status').first();
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toContain('The push is saved and continues when the service answers.');
    expect(await page.getByTestId('workspace-readonly').textContent()).toBe('This list is saved and will be sent as soon as the service answers; it can no longer be changed.');
    const waiting = await axeCheck(page, 'push-waiting');
    expect(waiting.seriousOrCritical, JSON.stringify(waiting.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'push-waiting');

    // The service is back; the app's own sync (on its timer, or the person's "Sync now") sends the push.
    await start();
    await preview.app.api['sync.now']();
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toContain('Done: 2 created, 0 updated, 2 skipped, 0 removed.');
    expect(await dialog().textContent()).not.toContain('Could not connect');
    await expect.poll(() => page.getByTestId('workspace-readonly').textContent()).toBe('This list has been sent; it can no longer be changed.');

    const left = dialog().getByRole('region', { name: '2 rows were left out' });
    expect(await left.getByRole('row').allTextContents()).toEqual(['RowWhy', '3Not valid: E-mail', '4Repeats row 2']);
    const download = page.waitForEvent('download');
    await tabTo('Download the rows left out');
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe('Abend-left-out.xlsx');
    const book = XLSX.read(readFileSync(await file.path()));
    const table = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(table.map((r) => r.slice(0, 4))).toEqual([
      ['Row', 'Why it was left out', 'External ID', 'Name'],
      ['3', 'Not valid: E-mail', 'b1', 'Ben'],
      ['4', 'Repeats row 2', 'a1', 'Ann again'],
    ]);
    await expect.poll(() => left.getByRole('status').textContent()).toBe('Saved as Abend-left-out.xlsx');
    const done = await axeCheck(page, 'push-skipped');
    expect(done.seriousOrCritical, JSON.stringify(done.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'push-skipped');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
    expect(preview.browser.errors).toEqual([]);
  }, 120_000);
});
