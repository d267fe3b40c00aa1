/**
 * The sync panel as a coordinator meets it, in headless Chromium through the preview, against
 * the real reference service started by the test so it can be stopped and started again:
 * connect with a token that then expires → the panel asks for a new one in place → the
 * service goes away while a push waits → the panel shows the waiting change and why, the
 * status says offline → the service is back → retry sends it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewHost } from '../../src/cli/preview/host';
import { issueServiceToken } from '../../src/server/tokens';
import { assertBuilt, BIN, ROOT } from '../support/built-cli';
import type { TestBrowser } from '../support/browser';
import { axeCheck, screenshots } from '../support/screens';
import { freePort } from '../support/ports';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { startTestService, type TestService } from '../support/service';


describe('the sync panel: a refused token, a lost service, a retry', () => {
  let work: string;
  let dataDir: string;
  let serviceDir: string;
  let port: number;
  let service: TestService | null = null;
  let host: PreviewHost;
  let browser: TestBrowser;
  let preview: AppPreview | undefined;

  const start = async () => (service = await startTestService({ dataDir: serviceDir, port }));
  const url = () => `http://127.0.0.1:${port}`;
  const validToken = () => JSON.parse(readFileSync(join(serviceDir, 'tokens.json'), 'utf8')).tokens[0].token as string;

  /** `muster push`; with `stopWhen`, Ctrl-C as soon as stderr says that (the push stays saved). */
  function push(sheet: string, stopWhen?: RegExp) {
    return new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn(process.execPath, [BIN, 'push', sheet, '--event', '4711', '--server', url(), '--data', dataDir], { cwd: ROOT, env: { ...process.env, MUSTER_TOKEN: validToken() } });
      let stderr = '';
      let stopped = false;
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
        if (!stopped && stopWhen?.test(stderr)) stopped = child.kill('SIGINT');
      });
      child.once('exit', (code) => done({ code, stderr }));
    });
  }

  function sheet(name: string, rows: number) {
    const file = join(work, name);
    writeFileSync(file, ['External ID,Name,E-Mail', ...Array.from({ length: rows }, (_, i) => `${name}-${i},Person ${i},${name.replace(/\W/g, '')}${i}@example.com`)].join('\n'));
    return file;
  }

  beforeAll(async () => {
    assertBuilt();
    work = mkdtempSync(join(tmpdir(), 'muster-panel-'));
    dataDir = join(work, 'app');
    serviceDir = join(work, 'service');
    port = await freePort();
    await start();
    preview = await startAppPreview(dataDir);
    ({ host, browser } = preview);
  }, 30_000);

  afterAll(async () => {
    await preview?.close();
    await service?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('connects with a token, and when the service later refuses it, takes a new one in the panel', async () => {
    const { page } = browser;
    // A token that expires soon: what a revoked or timed-out token looks like. Long enough for
    // the connection test and Connect's own test on a busy machine, then waited out.
    const ttlSeconds = 8;
    const expires = Date.now() + ttlSeconds * 1000;
    const shortLived = issueServiceToken({ dataDir: serviceDir, companyId: service!.tokens[0].company_id, ttlSeconds });
    await page.goto(host.url);
    await page.getByLabel('Service address').fill(url());
    await page.getByLabel('Access token').fill(shortLived);
    await page.getByLabel('Name (optional)').fill('Test lab');
    const testIt = page.getByRole('button', { name: 'Test connection' });
    await testIt.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Connected: the service accepts this token.').isVisible()).toBe(true);
    // Disabled while the test ran, it has the focus back, so the keyboard goes on from there.
    await expect.poll(() => testIt.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Events' }).isVisible()).toBe(true);
    await page.getByLabel('Event number (external id)').fill('4711');
    await page.getByRole('button', { name: 'Add event' }).click();

    await new Promise((r) => setTimeout(r, Math.max(0, expires - Date.now()) + 1_000));
    await page.getByTestId('sync-status').click();
    const panel = page.getByRole('complementary', { name: 'Sync' });
    await panel.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => panel.getByRole('heading', { name: 'The service refused the token' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId('sync-status').textContent()).toContain('Token refused');
    const figure = await axeCheck(page, 'sync-token');
    expect(figure.seriousOrCritical).toEqual([]);
    await screenshots(page, 'sync-token');

    await panel.getByLabel('Access token').fill(validToken());
    await panel.getByRole('button', { name: 'Save token and sync' }).click();
    await expect.poll(() => panel.getByRole('heading', { name: 'The service refused the token' }).count(), { timeout: 15_000 }).toBe(0);
    // The prompt goes as soon as the token is saved; the sync it starts ends online.
    await expect.poll(() => page.getByTestId('sync-status').textContent(), { timeout: 15_000 }).toContain('Online');
    expect(browser.errors).toEqual([]);
  }, 40_000);

  it('shows a push that could not reach the service as waiting, with why, and sends it on retry once the service is back', async () => {
    const { page } = browser;
    const panel = page.getByRole('complementary', { name: 'Sync' });
    expect((await push(sheet('first.csv', 5))).code).toBe(0);

    await service!.close();
    service = null;
    // The person gives up waiting at the first retry; the push stays saved in the outbox.
    const offline = await push(sheet('second.csv', 7), /Trying again in/);
    expect(offline.code, offline.stderr).toBe(130);
    expect(offline.stderr).toContain('the push is saved');

    await panel.getByRole('button', { name: 'Sync now' }).click();
    const item = panel.getByRole('listitem').filter({ hasText: 'second.csv' });
    await expect.poll(() => item.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await item.textContent()).toContain('Create the import for event 4711 (second.csv)');
    expect(await item.textContent()).toContain('Waiting');
    await expect.poll(() => page.getByTestId('sync-status').textContent()).toContain('Offline');
    expect(await panel.getByText('The service cannot be reached.').isVisible()).toBe(true);
    expect(await page.getByTestId('sync-status').textContent()).toContain('1 change waiting');
    const figure = await axeCheck(page, 'sync-offline');
    expect(figure.seriousOrCritical).toEqual([]);
    await screenshots(page, 'sync-offline');

    await start();
    await item.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => panel.getByText('Nothing is waiting').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('sync-status').textContent()).toContain('Online');

    await panel.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: /Event 4711/ }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(2);
    expect(await page.getByRole('article').first().textContent()).toContain('7 participants');
  }, 60_000);

  it('says what was discarded instead of claiming everything reached the service, and drops the error that was about it', async () => {
    const { page } = browser;
    const panel = page.getByRole('complementary', { name: 'Sync' });
    await service!.close();
    service = null;
    const offline = await push(sheet('third.csv', 3), /Trying again in/);
    expect(offline.code, offline.stderr).toBe(130);
    await page.getByTestId('sync-status').click();
    await panel.getByRole('button', { name: 'Sync now' }).click();
    const item = panel.getByRole('listitem').filter({ hasText: 'third.csv' });
    await expect.poll(() => item.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => panel.getByTestId('sync-error').count()).toBe(1);

    await item.getByRole('button', { name: 'Discard…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Discard', exact: true }).click();
    await expect.poll(() => panel.getByText('Discarded here and never sent: Create the import for event 4711 (third.csv).').isVisible()).toBe(true);
    expect(await panel.getByText('Every change on this computer has reached the service.').count()).toBe(0);
    expect(await panel.getByTestId('sync-error').count()).toBe(0);
    await start();
  }, 60_000);

  it('keeps the keys in the panel while it is open, and Escape closes it back to the status', async () => {
    const { page } = browser;
    const panel = page.getByRole('complementary', { name: 'Sync' });
    const status = page.getByTestId('sync-status');
    if (await panel.isVisible()) await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);
    await status.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.isVisible()).toBe(true);
    // Tab goes round the panel's controls, not on through the page hidden behind it.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await panel.evaluate((el) => el.contains(document.activeElement)), `Tab ${i}`).toBe(true);
    }
    // Sync now by keyboard: the button turns into Cancel while it runs and back, keeping the focus.
    const syncNow = panel.getByRole('button', { name: 'Sync now' });
    await syncNow.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('sync-status').textContent(), { timeout: 15_000 }).toContain('Online');
    await expect.poll(() => syncNow.evaluate((el) => el === document.activeElement)).toBe(true);
    // Escape closes it from anywhere, even with the focus dropped on the page.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);
    await expect.poll(() => status.evaluate((el) => el === document.activeElement)).toBe(true);
  }, 30_000);
});
