import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Flags for Debian's Chromium in a container: no sandbox (we run as root), no GPU, and no
 * background traffic that could reach the network or add console noise.
 */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far, as text. */
  errors: string[];
  close(): Promise<void>;
}

/** Fails, never skips, when Chromium is missing: a UI test that did not run is not a pass. */
export function requireChromium(): string {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it with \`apt-get update && apt-get install -y chromium\` (.ci/run does this).`,
    );
  }
  return CHROMIUM_PATH;
}

/** Every console error and uncaught page error of `page`, as text, as they come. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

/** Headless Chromium with a fresh profile, collecting every console error and page error. */
export async function launchBrowser(viewport = { width: 1200, height: 800 }): Promise<TestBrowser> {
  const executablePath = requireChromium();
  const profile = mkdtempSync(join(tmpdir(), 'muster-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { headless: true, executablePath, args: ARGS, viewport });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = collectErrors(page);
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Headless Chromium through `browser.newContext()`, which axe-core's Playwright binding
 * needs (it opens pages of its own in the context).
 */
export async function launchIsolatedBrowser(options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {}): Promise<TestBrowser> {
  const executablePath = requireChromium();
  const browser = await chromium.launch({ headless: true, executablePath, args: ARGS });
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1200, height: 800 }, colorScheme: options.colorScheme ?? 'light', locale: 'en-US' });
  const page = await context.newPage();
  const errors = collectErrors(page);
  return {
    context,
    page,
    errors,
    async close() {
      await browser.close();
    },
  };
}
