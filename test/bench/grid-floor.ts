/**
 * The floor of the workspace bench's typed edit: the same edits typed into RevoGrid alone
 * (grid-floor.html, the library's own build from node_modules) with as many rows and the same
 * columns, timed by the same kind of mark. The app's figure over this one is what the app
 * adds: its store, the main side's answer, the rest of the screen.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join, normalize, sep } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ROOT } from '../support/built-cli';

const GRID_DIST = join(ROOT, 'node_modules/@revolist/revogrid/dist/esm');
const PAGE = join(ROOT, 'test/bench/grid-floor.html');

/** A cell of the editable columns (the pinned row column is a viewport of its own). */
const cell = (page: Page, row: number) => page.locator(`revogr-viewport-scroll.rgCol revogr-data[type="rgRow"] [data-rgrow="${row}"][data-rgcol="1"]`);

/**
 * Types over a cell and presses Enter, `count` times, down the first ten rows, waiting for
 * each edit's `measure`; answers how many never came (the grid dropped the edit). `from`:
 * edits typed on this page before, so each one types a new value and waits for its own mark.
 */
export async function typeEdits(page: Page, measure: string, count: number, from = { typed: 0, lost: 0 }): Promise<number> {
  let lost = 0;
  for (let k = 0; k < count; k++) {
    const i = from.typed + k;
    await cell(page, i % 10).click();
    // Keys 30 ms apart, a fast typist's pace: an edit typed so must not be lost either.
    await page.keyboard.type(`Typed ${i}`, { delay: 30 });
    await page.keyboard.press('Enter');
    const answered = await page
      .waitForFunction(([name, n]) => performance.getEntriesByName(name as string, 'measure').length >= (n as number), [measure, i + 1 - from.lost - lost], { timeout: 5_000 })
      .then(() => true, () => false);
    if (!answered) lost++;
    // A person's pace between cells, so one edit's redraw is not timed into the next.
    await page.waitForTimeout(100);
  }
  return lost;
}

export const measures = (page: Page, name: string): Promise<number[]> =>
  page.evaluate((n) => performance.getEntriesByName(n, 'measure').map((m) => m.duration / 1000), name);

function serveFloor(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://floor').pathname;
    const file = path === '/' ? PAGE : normalize(join(GRID_DIST, path.replace(/^\/revogrid\//, '')));
    if (file !== PAGE && !file.startsWith(GRID_DIST + sep)) return void response.writeHead(404).end();
    readFile(file).then(
      (body) => response.writeHead(200, { 'content-type': file.endsWith('.html') ? 'text/html' : 'text/javascript' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/` })));
}

/**
 * The grid alone with `rows` rows, in a page of its own in `context`, kept open so its edits
 * can be typed in turns with the app's: both then meet the same moments of a noisy machine.
 */
export async function openGridFloor(context: BrowserContext, rows: number): Promise<{ page: Page; close: () => Promise<void> }> {
  const { server, url } = await serveFloor();
  const page = await context.newPage();
  try {
    await page.goto(`${url}?rows=${rows}`);
    await cell(page, 0).waitFor({ timeout: 60_000 });
  } catch (error) {
    await page.close();
    server.close();
    throw error;
  }
  return {
    page,
    async close() {
      await page.close();
      server.close();
    },
  };
}
