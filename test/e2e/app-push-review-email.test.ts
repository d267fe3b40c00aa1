/**
 * The push review in headless Chromium through the preview, against the real reference
 * service: a row that would update a participant found by e-mail is listed, with what it
 * would change, before the import action runs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPreviewHost, type PreviewHost } from '../../src/cli/preview/host';
import { createAppService, type AppService } from '../../src/services/app/app-api';
import { ROOT } from '../support/built-cli';
import { launchIsolatedBrowser, type TestBrowser } from '../support/browser';
import { axeCheck } from '../support/screens';
import { freshEvent } from '../support/events';
import { startTestService, waitForAction, type TestService } from '../support/service';

let work: string;
let service: TestService;
let app: AppService;
let host: PreviewHost;
let browser: TestBrowser;
let externalEventId: number;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'muster-review-email-e2e-'));
  service = await startTestService({ dataDir: join(work, 'service') });
  externalEventId = freshEvent(service).external_event_id;
  const api = service.client();
  const first = await api.post('/api/v1/participant_imports', { external_event_id: externalEventId, act_if_valid: true, participants: [{ external_id: 'S-1', name: 'Sam', email: 'sam@example.com' }] });
  const actions = await api.get(`/api/v1/participant_import_actions?participant_import_id=${first.body.response.id}`);
  await waitForAction(api, actions.body.response.participant_import_actions[0].id);
  app = createAppService({ dataDir: join(work, 'app') });
  host = await startPreviewHost({ rendererDir: join(ROOT, 'out/renderer'), port: 0, api: app.api, subscribe: app.subscribe });
  await app.api['accounts.add']({ label: 'Lab', serverUrl: service.url, token: service.token });
  await app.api['events.add']({ externalEventId, name: 'Juice tasting' });
  browser = await launchIsolatedBrowser({ viewport: { width: 1400, height: 900 } });
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await app?.close();
  await service?.close();
  rmSync(work, { recursive: true, force: true });
});

it('lists the row that would rename a participant found by e-mail, before anything is imported', async () => {
  const { page } = browser;
  const file = join(work, 'Sam.csv');
  writeFileSync(file, ['ID;Name;E-Mail;Sprache', ';Samuel;sam@example.com;de_DE'].join('\n'));
  const opened = await app.api['drafts.open']({ grant: app.grantFile(file).grant, externalEventId });
  await page.goto(host.url);
  await page.evaluate((hash) => (location.hash = hash), `#/drafts/${opened.draft.id}`);
  await page.getByRole('button', { name: 'Send to the service…' }).click();
  const dialog = page.getByRole('dialog', { name: `Send Sam.csv to event ${externalEventId}` });
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const updates = dialog.getByRole('region', { name: '1 row updates a participant found by e-mail' });
  await expect.poll(() => updates.isVisible(), { timeout: 20_000 }).toBe(true);
  const row = await updates.getByRole('row').nth(1).textContent();
  expect(row).toContain('Name: “Sam” → “Samuel”');
  expect(row).toContain('Locale: “en_US” → “de_DE”');
  const look = await axeCheck(page, 'workspace-review-email');
  expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send as it is' }).click();
  await expect.poll(() => dialog.getByRole('status').textContent(), { timeout: 20_000 }).toContain('Done: 0 created, 1 updated');
  expect(browser.errors).toEqual([]);
}, 60_000);
