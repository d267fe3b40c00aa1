/**
 * A newcomer's first steps in the app, in headless Chromium through the preview, against the
 * real reference service: first run → the demo → add event 4711 → an import pushed from the
 * command line appears with its action. Each screen is checked with axe-core and saved as a
 * screenshot in English and German.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewHost } from '../../src/cli/preview/host';
import { startDemoService } from '../../src/server/demo';
import type { AppService } from '../../src/services/app/app-api';
import { assertBuilt, BIN, ROOT } from '../support/built-cli';
import type { TestBrowser } from '../support/browser';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { axeCheck, screenshots, type AxeFigure } from '../support/screens';

const figures: AxeFigure[] = [];

describe('first run in the app: the demo, an event and its imports', () => {
  let dataDir: string;
  let app: AppService;
  let host: PreviewHost;
  let browser: TestBrowser;
  let preview: AppPreview | undefined;

  beforeAll(async () => {
    assertBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'muster-app-'));
    preview = await startAppPreview(dataDir, { demo: startDemoService });
    ({ app, host, browser } = preview);
  }, 30_000);

  afterAll(async () => {
    await preview?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    // The figures the closing note reports; printed, not asserted twice.
    console.log(`axe: ${JSON.stringify(figures.map((f) => ({ screen: f.screen, violations: f.violations, seriousOrCritical: f.seriousOrCritical.length })))}`);
  });

  async function check(screen: string) {
    const figure = await axeCheck(browser.page, screen);
    figures.push(figure);
    expect(figure.seriousOrCritical, `axe on ${screen}: ${JSON.stringify(figure.seriousOrCritical)}`).toEqual([]);
    await screenshots(browser.page, screen);
  }

  it('opens on the welcome screen with the demo and the connect form', async () => {
    const { page } = browser;
    await page.goto(host.url);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Muster' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Try the demo' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Service address').isVisible()).toBe(true);
    // The secret left the address bar once the page had it.
    expect(page.url()).not.toContain('#k=');
    await check('welcome');
  });

  it('tries the demo and lands on the events screen, then adds event 4711', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Events' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByText('No events yet').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('sync-status').textContent()).toContain('no changes waiting');

    await page.getByLabel('Event number (external id)').fill('4711');
    await page.getByLabel('Name (optional)').fill('Cereal tasting');
    await page.getByRole('button', { name: 'Add event' }).click();
    await expect.poll(() => page.getByRole('link', { name: /Cereal tasting/ }).isVisible()).toBe(true);
    await check('events');
  });

  it('shows an import pushed from the command line, with its action, after "Sync now"', async () => {
    const { page } = browser;
    const view = await app.api['accounts.list']();
    const demo = view.accounts.find((a) => a.demo)!;
    const token = JSON.parse(readFileSync(join(dataDir, 'app-demo-service/tokens.json'), 'utf8')).tokens[0].token as string;
    const sheet = join(dataDir, 'tasting.csv');
    writeFileSync(sheet, ['External ID,Name,E-Mail', ...Array.from({ length: 12 }, (_, i) => `t${i},Taster ${i},t${i}@example.com`)].join('\n'));
    const pushed = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn(process.execPath, [BIN, 'push', sheet, '--event', '4711', '--server', demo.serverUrl, '--data', dataDir], { cwd: ROOT, env: { ...process.env, MUSTER_TOKEN: token } });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.once('exit', (code) => done({ code, stderr }));
    });
    expect(pushed.code, pushed.stderr).toBe(0);

    await page.getByTestId('sync-status').click();
    const panel = page.getByRole('complementary', { name: 'Sync' });
    await expect.poll(() => panel.isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => panel.getByText('Nothing is waiting').isVisible(), { timeout: 20_000 }).toBe(true);
    await check('sync-panel');
    await panel.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: /Cereal tasting/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Cereal tasting' }).isVisible()).toBe(true);
    const card = page.getByRole('article').first();
    await expect.poll(() => card.textContent()).toContain('12 participants');
    expect(await card.textContent()).toContain('Completed');
    expect(await card.textContent()).toContain('12 created');
    await check('event');
  });

  it('shows the settings: the demo account, the language, the data folder, the version', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Recruiting services' }).isVisible()).toBe(true);
    expect(await page.getByTestId('app-data-dir').textContent()).toBe(dataDir);
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
    expect(await page.getByTestId('app-version').textContent()).toBe(version);
    expect(await page.getByText('This preview has no keychain').isVisible()).toBe(true);
    await check('settings');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export diagnostics' }).click();
    const bundle = await download;
    expect(bundle.suggestedFilename()).toMatch(/^muster-diagnostics-.*\.json$/);
    expect(JSON.parse(readFileSync(await bundle.path(), 'utf8')).app.dataDir).toBe(dataDir);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Diagnostics written to' }).isVisible()).toBe(true);
  });

  it('speaks German when German is chosen, and keeps it after a reload', async () => {
    const { page } = browser;
    await page.getByLabel('Language of the app').selectOption('de');
    await expect.poll(() => page.getByRole('heading', { name: 'Einstellungen' }).isVisible()).toBe(true);
    // What was said before the switch is said again in the new language, not left in the old one.
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Diagnose gespeichert unter' }).isVisible()).toBe(true);
    expect(await page.getByText('Diagnostics written to').count()).toBe(0);
    await check('settings-de');
    await page.reload();
    await page.getByRole('link', { name: 'Termine' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Termine' }).isVisible()).toBe(true);
    await check('events-de');
    await page.getByRole('link', { name: /Cereal tasting/ }).click();
    await expect.poll(() => page.getByText('Abgeschlossen').isVisible()).toBe(true);
    await check('event-de');
    await page.getByTestId('sync-status').click();
    const panel = page.getByRole('complementary', { name: 'Synchronisierung' });
    await expect.poll(() => panel.getByRole('button', { name: 'Jetzt synchronisieren' }).isVisible()).toBe(true);
    await check('sync-panel-de');
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('sync-status');
    expect(browser.errors).toEqual([]);
  });
});
