/**
 * The demo's sample list open in the workspace, as a newcomer reaches it (Try the demo, event
 * 4711, Open the sample list, Open in the workspace), for tests about what is done there.
 * The README's walk-through test takes these steps itself, one by one.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AppPreview } from './app-preview';

/**
 * The grid's first cell of the first row, where F8 starts walking the problems. While the grid
 * draws itself again (after a reload) an empty cell of the row-number column can match too for
 * a moment; the sample's first cell always holds an external id.
 */
export const firstCell = (page: Page): Locator =>
  page.locator('revo-grid revogr-viewport-scroll.rgCol revogr-data[type="rgRow"] [data-rgrow="0"][data-rgcol="0"]').filter({ hasText: /\S/ });

/** Answers the problems panel once the sample's problems are listed in it. */
export async function openSampleInWorkspace(preview: AppPreview): Promise<Locator> {
  const { page } = preview.browser;
  await page.goto(preview.host.url);
  await page.getByRole('button', { name: 'Try the demo' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Events' }).isVisible(), { timeout: 20_000 }).toBe(true);
  await page.getByLabel('Event number (external id)').fill('4711');
  await page.getByRole('button', { name: 'Add event' }).click();
  await page.getByRole('link', { name: /4711/ }).click();
  await page.getByRole('button', { name: 'Open the sample list' }).click();
  const setup = page.getByRole('region', { name: 'How the sheet is read' });
  await expect.poll(() => setup.isVisible(), { timeout: 15_000 }).toBe(true);
  await setup.getByRole('button', { name: 'Open in the workspace' }).click();
  const problems = page.getByRole('region', { name: 'Problems and warnings' });
  await expect.poll(() => problems.textContent(), { timeout: 15_000 }).toContain('“en_DE” is not a locale the service knows');
  return problems;
}

/** The main side answers each call of `method` `late()` ms late, as a busy computer does. */
export function answerLate(preview: AppPreview, method: string, late: () => number): void {
  const api = preview.app.api as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const call = api[method];
  api[method] = async (...args) => {
    const ms = late();
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    return call(...args);
  };
}

/** The main side answers each cell edit `late()` ms late. */
export const answerEditsLate = (preview: AppPreview, late: () => number): void => answerLate(preview, 'drafts.edit', late);
