/**
 * The import workspace in headless Chromium through the preview, on the 100,000-row ×
 * 10-column xlsx (issue 10): from opening the draft to the first painted grid ÷ `muster
 * check` of the same file; a typed cell edit until the fixed row is painted (p95 of 40), also
 * ÷ the same edits typed into the grid alone with as many rows (grid-floor.ts), the two typed
 * in turns of ten; "only rows
 * with problems" on and off (p95); and the page's JS heap with the draft open.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPreviewHost } from '../../src/cli/preview/host';
import { createAppService } from '../../src/services/app/app-api';
import { checkSheetFile } from '../../src/services/usecases';
import { ROOT } from '../support/built-cli';
import { launchIsolatedBrowser } from '../support/browser';
import { now, seconds } from './harness';
import { benchFiles, SHEET_ROWS } from './sheet-files';
import { measures, openGridFloor, typeEdits } from './grid-floor';

/** Typed edits timed, in the app and in the grid alone (its floor). */
const EDITS = 40;

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];
const ms = (s: number) => Math.round(s * 1000);

export async function workspaceUiBenchmark(): Promise<object> {
  const { xlsx } = benchFiles();
  const dataDir = mkdtempSync(join(tmpdir(), 'muster-bench-ui-'));
  const app = createAppService({ dataDir });
  const host = await startPreviewHost({ rendererDir: join(ROOT, 'out/renderer'), port: 0, api: app.api, subscribe: app.subscribe, downloads: app.downloads });
  const browser = await launchIsolatedBrowser({ viewport: { width: 1400, height: 900 } });
  try {
    let start = now();
    await checkSheetFile({ file: xlsx, dataDir });
    const check = seconds(start);

    // Drafts need an account; nothing here reaches its service.
    await app.api['accounts.add']({ serverUrl: 'http://127.0.0.1:9', token: 'unused' });
    const { page } = browser;
    await page.goto(host.url);
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    start = now();
    const opened = await app.api['drafts.open']({ grant: app.grantFile(xlsx).grant, externalEventId: 4711 });
    const open = seconds(start);
    await page.evaluate((hash) => (location.hash = hash), `#/drafts/${opened.draft.id}`);
    await page.locator('revogr-viewport-scroll.rgCol revogr-data[type="rgRow"] [data-rgrow="0"][data-rgcol="1"]').waitFor({ timeout: 120_000 });
    const firstPaint = seconds(start);
    // The rest of a long list follows the first rows; editing waits until it is all here.
    await page.getByTestId('rows-arriving').waitFor({ state: 'detached', timeout: 120_000 });
    const allRows = seconds(start);

    // The page's own marks (composables/marks.ts): edit event → answer shown → painted. An
    // edit that never reaches the main side (the grid dropped it) is counted, not waited for.
    // The app's edits and the grid's alone, typed in turns of ten, so both meet the same
    // moments of a noisy machine.
    const grid = await openGridFloor(browser.context, SHEET_ROWS);
    const inApp = { typed: 0, lost: 0 };
    const alone = { typed: 0, lost: 0 };
    let floor: { edits: number[]; lost: number };
    try {
      for (let turn = 0; turn < EDITS / 10; turn++) {
        for (const [on, mark, count] of [[page, 'muster:edit', inApp], [grid.page, 'floor:edit', alone]] as const) {
          await on.bringToFront();
          count.lost += await typeEdits(on, mark, 10, count);
          count.typed += 10;
        }
      }
      floor = { edits: await measures(grid.page, 'floor:edit'), lost: alone.lost };
    } finally {
      await grid.close();
    }
    await page.bringToFront();
    const lost = inApp.lost;
    const edits = await measures(page, 'muster:edit');
    if (process.env.BENCH_DETAIL) console.error('edits', edits.map((e) => Math.round(e * 1000)).join(' '));
    for (let i = 0; i < 6; i++) {
      await page.getByLabel('Only rows with problems').click();
      await page.waitForFunction((n) => performance.getEntriesByName('muster:filter', 'measure').length >= n, i + 1, { timeout: 30_000 });
    }
    const filters = await measures(page, 'muster:filter');
    const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null);
    if (process.env.BENCH_DETAIL) console.error('floor', floor.edits.map((e) => Math.round(e * 1000)).join(' '));
    return {
      name: 'workspace-ui',
      rows: SHEET_ROWS,
      first_paint_seconds: Math.round(firstPaint * 100) / 100,
      check_seconds: Math.round(check * 100) / 100,
      open_seconds: Math.round(open * 100) / 100,
      all_rows_seconds: Math.round(allRows * 100) / 100,
      first_paint_ratio_to_check: Math.round((firstPaint / check) * 100) / 100,
      typed_edit_p95_ms: ms(p95(edits)),
      typed_edits_lost: lost,
      typed_edit_floor_p95_ms: ms(p95(floor.edits)),
      typed_edit_ratio_to_floor: Math.round((p95(edits) / p95(floor.edits)) * 100) / 100,
      floor_edits_lost: floor.lost,
      problems_only_toggle_p95_ms: ms(p95(filters)),
      js_heap_mb: heap === null ? null : Math.round(heap / 1e6),
      // A typed edit is held to the grid alone in the same run, not to a bare 16 ms: the grid's own paint takes that much here.
      goal: 'first paint ÷ check ≤ 1.5; typed edit painted p95 ÷ the grid alone ≤ 1.5, none lost; filter toggle p95 ≤ 100 ms; heap ≤ 150 MB',
      met: lost === 0 && firstPaint / check <= 1.5 && p95(edits) / p95(floor.edits) <= 1.5 && p95(filters) <= 0.1 && heap !== null && heap <= 150e6,
    };
  } finally {
    await browser.close();
    await host.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
