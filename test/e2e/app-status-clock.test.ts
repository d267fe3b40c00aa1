/**
 * The status pill's "last sync" moves on by itself: the page's one clock ticks, so "now" becomes
 * "2 minutes ago" without another sync (the page's time is run forward with Playwright's clock).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { startTestService, type TestService } from '../support/service';

let work: string;
let service: TestService;
let preview: AppPreview;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'muster-clock-'));
  service = await startTestService({ dataDir: join(work, 'service') });
  preview = await startAppPreview(join(work, 'app'));
  await preview.app.api['accounts.add']({ label: 'Lab', serverUrl: service.url, token: service.token });
}, 30_000);

afterAll(async () => {
  await preview?.close();
  await service?.close();
  rmSync(work, { recursive: true, force: true });
});

it('says how long ago the last sync was, and keeps saying it as time passes', async () => {
  const { page } = preview.browser;
  await page.clock.install({ time: Date.now() });
  await page.goto(preview.host.url);
  await preview.app.api['sync.now']();
  const pill = page.getByTestId('sync-status');
  await expect.poll(() => pill.textContent(), { timeout: 15_000 }).toMatch(/Last sync (now|\d+ seconds? ago)/);
  await page.clock.fastForward(125_000);
  await expect.poll(() => pill.textContent()).toContain('Last sync 2 minutes ago');
  await page.clock.fastForward(60 * 60_000);
  await expect.poll(() => pill.textContent()).toContain('Last sync 1 hour ago');
});
