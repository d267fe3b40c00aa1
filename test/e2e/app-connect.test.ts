/**
 * Connecting tells the truth, in headless Chromium through the preview against the real
 * reference service: "Connect" tests first, so a refused token is not added and an address
 * where nothing answers is added only on purpose, shown as not reached yet (never a green
 * "Online"); removing the only service goes back to the first-run screen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService } from '../../src/server/demo';
import { assertBuilt } from '../support/built-cli';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { freePort } from '../support/ports';
import { axeCheck, screenshots } from '../support/screens';
import { startTestService, type TestService } from '../support/service';

describe('connecting to a service', () => {
  let work: string;
  let service: TestService;
  let preview: AppPreview | undefined;

  beforeAll(async () => {
    assertBuilt();
    work = mkdtempSync(join(tmpdir(), 'muster-connect-'));
    service = await startTestService({ dataDir: join(work, 'service') });
    preview = await startAppPreview(join(work, 'app'), { demo: startDemoService, viewport: { width: 1440, height: 900 } });
  }, 30_000);

  afterAll(async () => {
    await preview?.close();
    await service?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('does not add a service that refuses the token', async () => {
    const { page } = preview!.browser;
    await page.goto(preview!.host.url);
    await page.getByLabel('Service address').fill(service.url);
    await page.getByLabel('Access token').fill('not-a-token-of-this-service');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect.poll(() => page.getByText('The service answered but refused this token.').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Welcome to Muster' }).isVisible()).toBe(true);
    // Only an unreachable service may be added anyway; a refusal is an answer.
    expect(await page.getByRole('button', { name: 'Add it anyway' }).count()).toBe(0);
    expect((await preview!.app.api['accounts.list']()).accounts).toEqual([]);
  });

  it('adds an address where nothing answers only when asked, as not reached yet', async () => {
    const { page } = preview!.browser;
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    await page.getByLabel('Service address').fill(nowhere);
    await page.getByLabel('Access token').fill(service.tokens[0].token);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect.poll(() => page.getByText('Nothing answers at that address.').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Welcome to Muster' }).isVisible()).toBe(true);
    const figure = await axeCheck(page, 'connect-unreachable');
    expect(figure.seriousOrCritical, JSON.stringify(figure.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'connect-unreachable');

    await page.getByRole('button', { name: 'Add it anyway' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Events' }).isVisible()).toBe(true);
    const pill = page.getByTestId('sync-status');
    await expect.poll(() => pill.textContent()).toContain('Not reached yet');
    expect(await pill.getAttribute('class')).not.toContain('status--ok');
  });

  it('opens the form for another service with the focus in it, and Cancel or Escape closes it back to its button', async () => {
    const { page } = preview!.browser;
    await page.getByRole('link', { name: 'Settings' }).click();
    const add = page.getByRole('button', { name: 'Add a service' });
    const focusedName = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name || (document.activeElement?.textContent?.trim() ?? ''));
    await add.focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusedName).toBe('server');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByLabel('Access token').count()).toBe(0);
    await expect.poll(focusedName).toBe('Add a service');
    await page.keyboard.press('Enter');
    await expect.poll(focusedName).toBe('server');
    await page.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focusedName).toBe('Add a service');
  });

  it('goes back to the first-run screen when the only service is removed', async () => {
    const { page } = preview!.browser;
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: /^Remove… / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Muster' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Try the demo' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Service address').isVisible()).toBe(true);
    expect(preview!.browser.errors).toEqual([]);
  });
});
