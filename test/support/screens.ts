/**
 * What every screen of the app is checked for in the end-to-end tests: axe-core finds no
 * serious or critical violation, and a screenshot is saved under docs/screenshots/ (the
 * README shows them) in light and dark.
 */
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './built-cli';

export const SCREENSHOTS = join(ROOT, 'docs/screenshots');

export interface AxeFigure {
  screen: string;
  violations: number;
  seriousOrCritical: { id: string; impact: string | null | undefined; targets: string[] }[];
}

/** axe-core over what the page shows now, in light and in dark (contrast differs). */
export async function axeCheck(page: Page, screen: string): Promise<AxeFigure> {
  const figure: AxeFigure = { screen, violations: 0, seriousOrCritical: [] };
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    figure.violations += result.violations.length;
    for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      figure.seriousOrCritical.push({ id: `${v.id} (${scheme})`, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return figure;
}

/** Saves `name-light.png` and `name-dark.png` of what the page shows now. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
