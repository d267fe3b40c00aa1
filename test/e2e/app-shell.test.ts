/**
 * The app's shell in headless Chromium behind the preview host: the CSP in force, the page
 * refused by the host when it was not opened from the printed link (said in a sentence),
 * and keyboard use from the first key.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppService, type AppService } from '../../src/services/app/app-api';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../src/services/app/csp';
import { startPreviewHost, type PreviewHost } from '../../src/cli/preview/host';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { axeCheck, screenshots } from '../support/screens';

const root = resolve(__dirname, '../..');
const rendererDir = join(root, 'out/renderer');

/** The contrast ratio of two `rgb(…)` colours, as WCAG defines it. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('the app shell in headless Chromium, behind the preview host', () => {
  let host: PreviewHost;
  let app: AppService;
  let browser: TestBrowser;
  let dataDir: string;

  beforeAll(async () => {
    if (!existsSync(join(rendererDir, 'index.html'))) {
      throw new Error('out/renderer/index.html is missing: run `npm run build` before the end-to-end tests (npm test does).');
    }
    dataDir = mkdtempSync(join(tmpdir(), 'muster-e2e-'));
    app = createAppService({ dataDir });
    host = await startPreviewHost({ rendererDir, port: 0, api: app.api, subscribe: app.subscribe, downloads: app.downloads });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the page with the CSP and lets it stop inline script the page did not ship', async () => {
    const { page } = browser;
    const response = await page.goto(host.url);
    expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY_HEADER);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Muster' }).isVisible()).toBe(true);
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    // The blocked script is reported as a console error: proof the policy is in force.
    expect(browser.errors.some((e) => e.includes('Content Security Policy'))).toBe(true);
    browser.errors.length = 0;
  });

  it('starts keyboard use with the skip link, and reaches the demo button by Tab', async () => {
    const { page } = browser;
    await page.goto(host.url);
    await expect.poll(() => page.getByRole('button', { name: 'Try the demo' }).isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    let reached = false;
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = (await page.evaluate(() => document.activeElement?.textContent)) === 'Try the demo';
    }
    expect(reached).toBe(true);
  });

  it('skips to the screen’s content without leaving the screen, with a focus ring that stands out in light and dark', async () => {
    const { page } = browser;
    await page.goto(host.url);
    await expect.poll(() => page.getByRole('button', { name: 'Try the demo' }).isVisible()).toBe(true);
    const before = await page.evaluate(() => location.hash);
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await page.evaluate(() => location.hash)).toBe(before);
    expect(await page.getByRole('button', { name: 'Try the demo' }).isVisible()).toBe(true);
    // WCAG's 3:1 for a focus indicator, against the page behind it.
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.keyboard.press('Tab');
      const [ring, behind] = await page.evaluate(() => [getComputedStyle(document.activeElement!).outlineColor, getComputedStyle(document.documentElement).backgroundColor]);
      expect(contrast(ring, behind), `${colorScheme}: ${ring} on ${behind}`).toBeGreaterThanOrEqual(3);
    }
    await page.emulateMedia({ colorScheme: null });
  });

  it('greets a newcomer in German when German is chosen', async () => {
    const { page } = browser;
    await app.api['settings.setLanguage']('de');
    await page.goto(host.url);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Willkommen bei Muster' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Demo ausprobieren' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    const figure = await axeCheck(page, 'welcome-de');
    expect(figure.seriousOrCritical).toEqual([]);
    await screenshots(page, 'welcome-de');
    await app.api['settings.setLanguage']('system');
  });

  it('says in a sentence that a page not opened from the printed link may not act, with a way to try again', async () => {
    const { context } = browser;
    const stranger = await context.newPage();
    // Same origin but no secret: as if someone guessed the port.
    await stranger.goto(new URL(host.url).origin + '/');
    await stranger.evaluate(() => sessionStorage.clear());
    await stranger.reload();
    const alert = stranger.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('This page was not opened from the link `muster preview` printed');
    expect(await alert.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    await stranger.close();
  });
});
