import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppApi } from '../../src/services/app/app-api';
import { CONTENT_SECURITY_POLICY_HEADER } from '../../src/services/app/csp';
import { startPreviewHost, type PreviewHost } from '../../src/cli/preview/host';
import { launchBrowser, type TestBrowser } from '../support/browser';

const root = resolve(__dirname, '../..');
const rendererDir = join(root, 'out/renderer');
const packageVersion: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;

describe('the app shell in headless Chromium, behind the preview host', () => {
  let host: PreviewHost;
  let browser: TestBrowser;
  let dataDir: string;

  beforeAll(async () => {
    if (!existsSync(join(rendererDir, 'index.html'))) {
      throw new Error('out/renderer/index.html is missing: run `npm run build` before the end-to-end tests (npm test does).');
    }
    dataDir = mkdtempSync(join(tmpdir(), 'muster-e2e-'));
    host = await startPreviewHost({ rendererDir, port: 0, api: createAppApi({ dataDir }) });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await host?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('renders the header, the welcome and the About panel with the version from package.json', async () => {
    const { page } = browser;
    const response = await page.goto(host.url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY_HEADER);

    await expect.poll(() => page.getByRole('banner').getByRole('heading', { level: 1 }).textContent()).toBe('Muster');
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Muster' }).isVisible()).toBe(true);

    const about = page.getByRole('region', { name: 'About' });
    await expect.poll(() => about.getByTestId('app-version').textContent(), { timeout: 10_000 }).toBe(packageVersion);
    expect(await about.getByTestId('app-data-dir').textContent()).toBe(dataDir);
    expect(await page.getByRole('main').count()).toBe(1);

    mkdirSync(join(root, '.tmp'), { recursive: true });
    await page.screenshot({ path: join(root, '.tmp/app-shell.png'), fullPage: true });
    expect(browser.errors).toEqual([]);
  });

  it('fetched the version through the bridge, not from the page itself', async () => {
    const { page } = browser;
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/app/')) calls.push(`${request.method()} ${new URL(request.url()).pathname} ${request.postData()}`);
    });
    await page.reload();
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe(packageVersion);
    expect(calls).toEqual(['POST /api/app/app.info []']);
    expect(browser.errors).toEqual([]);
  });

  it('lets the CSP stop inline script the page did not ship', async () => {
    const { page } = browser;
    await page.goto(host.url);
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

  it('shows the failure as a sentence with a way to retry when the bridge answers with an error', async () => {
    const { page } = browser;
    await page.route('**/api/app/app.info', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ ok: false, code: 'internal_error', message: 'Muster could not read its details.' }) }),
    );
    await page.goto(host.url);
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('Muster could not read its details.');
    await page.unroute('**/api/app/app.info');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe(packageVersion);
    // The 500 itself is logged by Chromium as a failed resource; nothing else may be.
    expect(browser.errors.filter((e) => !e.includes('500'))).toEqual([]);
    browser.errors.length = 0;
  });
});
