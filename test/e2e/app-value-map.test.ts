/**
 * Matching a list's demographic values to the event's catalog in headless Chromium through
 * the preview, against the real reference service: the mirror learns the catalog from the
 * service's reading of a first list (the interface has no catalog endpoint), the person
 * matches `Weiblich`, `w`, `F`, `männlich`, `m`, `18 - 24`, `65 +` and picks one for
 * `30-40`, applies it as one step, and sends the list: the service creates no new value.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPreviewHost, type PreviewHost } from '../../src/cli/preview/host';
import { createAppService, type AppService } from '../../src/services/app/app-api';
import type { EventRow } from '../../src/server/store/events';
import { ROOT } from '../support/built-cli';
import { launchIsolatedBrowser, type TestBrowser } from '../support/browser';
import { axeCheck, screenshots } from '../support/screens';
import { demographicNames, freshEvent, participantsOf } from '../support/events';
import { startTestService, type TestService } from '../support/service';

let work: string;
let service: TestService;
let app: AppService;
let host: PreviewHost;
let browser: TestBrowser;
let event: EventRow;

const catalogSize = () =>
  service.context.db.prepare('SELECT count(*) FROM demographics d JOIN demographic_categories c ON c.id = d.category_id WHERE c.event_id = ?').pluck().get(event.id) as number;

/** Sends a draft through the app and waits until the service has it (answering a review with "send"). */
async function sendThrough(draftId: number) {
  let result = await app.api['drafts.push'](draftId, {});
  if (result.review) result = await app.api['drafts.decide'](draftId, 'send');
  for (let i = 0; i < 100 && result.state !== 'pushed'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    result = await app.api['drafts.pushState'](draftId);
  }
  expect(result.state).toBe('pushed');
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'muster-value-map-e2e-'));
  service = await startTestService({ dataDir: join(work, 'service') });
  event = freshEvent(service);
  app = createAppService({ dataDir: join(work, 'app') });
  host = await startPreviewHost({ rendererDir: join(ROOT, 'out/renderer'), port: 0, api: app.api, subscribe: app.subscribe });
  await app.api['accounts.add']({ label: 'Lab', serverUrl: service.url, token: service.token });
  await app.api['events.add']({ externalEventId: event.external_event_id, name: 'Juice tasting' });
  // A first list that names every catalog value: the service's reading of it teaches the mirror the catalog.
  const first = join(work, 'first.csv');
  const ages = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'];
  const genders = ['Female', 'Male', 'Non-binary'];
  writeFileSync(first, ['ID;Name;E-Mail;Sprache;Gender;Age Group', ...ages.map((age, i) => `s${i};Seed ${i};seed${i}@example.com;de_DE;${genders[i % 3]};${age}`)].join('\n'));
  const seeded = await app.api['drafts.open']({ grant: app.grantFile(first).grant, externalEventId: event.external_event_id });
  await sendThrough(seeded.draft.id);
  browser = await launchIsolatedBrowser({ viewport: { width: 1440, height: 900 } });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await app?.close();
  await service?.close();
  rmSync(work, { recursive: true, force: true });
});

it('matches a column’s values to the event’s catalog and sends the list without creating a catalog value', async () => {
  const { page } = browser;
  const before = catalogSize();
  const file = join(work, 'Liste.csv');
  const rows = [['k1', 'Weiblich', '18 - 24'], ['k2', 'w', '25-34'], ['k3', 'F', '65 +'], ['k4', 'männlich', '30-40'], ['k5', 'm', '18 - 24'], ['k6', 'Female', '35-44']];
  writeFileSync(file, ['Kundennummer;Name;E-Mail;Sprache;Geschlecht;Age Group', ...rows.map(([id, g, a]) => `${id};Name ${id};${id}@example.com;de_DE;${g};${a}`)].join('\n'));
  // The sheet's setup offers the event's categories as learned, for a column to be read as one of them.
  const inspected = await app.api['drafts.inspect']({ grant: app.grantFile(file).grant, externalEventId: event.external_event_id });
  expect(inspected.categories).toEqual(expect.arrayContaining(['Gender', 'Age Group']));
  const opened = await app.api['drafts.open']({ grant: app.grantFile(file).grant, externalEventId: event.external_event_id });
  await page.goto(host.url);
  await page.evaluate((hash) => (location.hash = hash), `#/drafts/${opened.draft.id}`);
  await page.getByTestId('workspace-counts').filter({ hasText: '6 rows' }).waitFor({ timeout: 15_000 });

  // Opened from the keyboard, as a spreadsheet user would.
  const summary = page.getByText('Match values to the event’s catalog');
  await summary.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('value-map');
  await panel.getByRole('table').first().waitFor();
  expect(await panel.getByTestId('catalog-age').textContent()).toMatch(/last learned it from the service, (now|\d+ seconds? ago)/);
  const select = (value: string, category: string) => panel.getByRole('combobox', { name: `What “${value}” becomes in ${category}` });
  expect(await select('Weiblich', 'Gender').inputValue()).toBe('map:Female');
  expect(await select('w', 'Gender').inputValue()).toBe('map:Female');
  expect(await select('F', 'Gender').inputValue()).toBe('map:Female');
  expect(await select('männlich', 'Gender').inputValue()).toBe('map:Male');
  expect(await select('m', 'Gender').inputValue()).toBe('map:Male');
  expect(await select('18 - 24', 'Age Group').inputValue()).toBe('map:18-24');
  expect(await select('65 +', 'Age Group').inputValue()).toBe('map:65+');
  // Across two ranges: never guessed; the person decides.
  expect(await select('30-40', 'Age Group').inputValue()).toBe('');
  await select('30-40', 'Age Group').selectOption('create');
  await panel.getByRole('note').filter({ hasText: 'creates a new catalog value' }).waitFor();
  await screenshots(page, 'workspace-value-map');
  const look = await axeCheck(page, 'workspace-value-map');
  expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
  await select('30-40', 'Age Group').selectOption('map:35-44');
  expect(await panel.getByRole('note').count()).toBe(0);

  await panel.getByRole('button', { name: 'Apply 8 choices (one undo step)' }).click();
  await panel.getByRole('status').filter({ hasText: 'Changed 5 rows' }).waitFor();
  const page1 = await app.api['drafts.page'](opened.draft.id, {});
  expect(page1.rows.map((r) => r.cells.demographics)).toEqual([
    'Gender: Female; Age Group: 18-24', 'Gender: Female; Age Group: 25-34', 'Gender: Female; Age Group: 65+',
    'Gender: Male; Age Group: 35-44', 'Gender: Male; Age Group: 18-24', 'Gender: Female; Age Group: 35-44',
  ]);
  expect(page1.draft.canUndo).toBe(true);
  // One step of the history: one undo puts every value back, one redo makes every match again.
  const firstRow = async () => (await app.api['drafts.page'](opened.draft.id, { limit: 1 })).rows[0].cells.demographics;
  await page.keyboard.press('Control+z');
  await expect.poll(firstRow).toBe('Gender: Weiblich; Age Group: 18 - 24');
  expect((await app.api['drafts.page'](opened.draft.id, {})).rows.map((r) => r.cells.demographics)[3]).toBe('Gender: männlich; Age Group: 30-40');
  await page.keyboard.press('Control+y');
  await expect.poll(firstRow).toBe('Gender: Female; Age Group: 18-24');

  await page.getByRole('button', { name: 'Send to the service…' }).click();
  const dialog = page.getByRole('dialog', { name: `Send Liste.csv to event ${event.external_event_id}` });
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => dialog.getByRole('status').textContent(), { timeout: 30_000 }).toContain('Done: 6 created');

  expect(catalogSize()).toBe(before);
  const sent = participantsOf(service, event).filter((p) => String(p.external_id).startsWith('k'));
  expect(sent.map((p) => demographicNames(service, p.id))).toEqual([
    ['Age Group: 18-24', 'Gender: Female'], ['Age Group: 25-34', 'Gender: Female'], ['Age Group: 65+', 'Gender: Female'],
    ['Age Group: 35-44', 'Gender: Male'], ['Age Group: 18-24', 'Gender: Male'], ['Age Group: 35-44', 'Gender: Female'],
  ]);
  expect(browser.errors).toEqual([]);
}, 120_000);
