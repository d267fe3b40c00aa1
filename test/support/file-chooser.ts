import type { Page } from 'playwright-core';

const intercepting = new WeakSet<Page>();

/**
 * Picks `path` in the browser's file chooser that `open` makes the page show. Playwright takes
 * over the chooser only once its listener has reached the browser, which happens
 * asynchronously: a chooser opened before then is the browser's own, and no event comes. So a
 * listener is kept on the page for good, and a round trip to the page follows it.
 */
export async function pickFile(page: Page, open: () => Promise<void>, path: string): Promise<void> {
  if (!intercepting.has(page)) {
    page.on('filechooser', () => undefined);
    intercepting.add(page);
    await page.evaluate(() => undefined);
  }
  const chooser = page.waitForEvent('filechooser');
  await open();
  await (await chooser).setFiles(path);
}
