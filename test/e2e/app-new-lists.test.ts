/**
 * Lists without a spreadsheet, in headless Chromium through the preview against the real
 * reference service, by keyboard: walk-ins typed into a new list with the service away, sent
 * once it is back; and a campaign's people found in Subjects sent as a list, twice, matching
 * the same participants on the service.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from '../support/built-cli';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { freePort } from '../support/ports';
import { axeCheck, screenshots } from '../support/screens';
import { startTestService, type TestService } from '../support/service';

describe('lists without a spreadsheet', () => {
  let work: string;
  let port: number;
  let service: TestService | null = null;
  let preview: AppPreview;
  const start = async () => (service = await startTestService({ dataDir: join(work, 'service'), port }));
  /** The event's participants on the service, by external id. */
  const onService = () =>
    service!.context.db
      .prepare('SELECT p.id, p.external_id, p.email FROM participants p JOIN events e ON e.id = p.event_id WHERE e.external_event_id = 4711 AND e.company_id = 1 ORDER BY p.id')
      .all() as { id: number; external_id: string | null; email: string | null }[];

  beforeAll(async () => {
    assertBuilt();
    work = mkdtempSync(join(tmpdir(), 'muster-new-lists-e2e-'));
    port = await freePort();
    await start();
    preview = await startAppPreview(join(work, 'app'), { viewport: { width: 1440, height: 900 } });
    const { app } = preview;
    await app.api['accounts.add']({ label: 'Lab', serverUrl: service!.url, token: service!.token });
    await app.api['events.add']({ externalEventId: 4711, name: 'Cereal tasting' });
    await app.api['subjects.follow'](1);
    await app.api['sync.now']();
  }, 60_000);

  afterAll(async () => {
    await preview?.close();
    await service?.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** Moves the focus with Tab until the control named `name` has it. */
  async function tabTo(name: string) {
    const { page } = preview.browser;
    for (let i = 0; i < 80; i++) {
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el ? (el.getAttribute('aria-label') ?? el.closest('label')?.textContent ?? el.textContent ?? '').trim() : '';
      });
      if (focused.startsWith(name)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`No control named “${name}” took the focus.`);
  }
  const focusedName = () => preview.browser.page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');

  async function send(title: string, expected: string) {
    const { page } = preview.browser;
    await tabTo('Send to the service…');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: title });
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
    return { dialog, status: dialog.getByRole('status').first(), expected };
  }

  it('takes five walk-ins typed into a new list while the service is away, and sends them once it is back', async () => {
    const { page } = preview.browser;
    await service!.close();
    service = null;
    await page.goto(preview.host.url);
    await page.evaluate(() => (location.hash = '#/events/4711'));
    await expect.poll(() => page.getByRole('heading', { name: 'Cereal tasting' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await tabTo('New list for this event');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('quick-entry').isVisible(), { timeout: 15_000 }).toBe(true);
    const title = (await page.locator('#workspace-title').textContent())!.replace(/ for event 4711$/, '');

    const people = [
      ['w1', 'Ada Lovelace', 'ada@example.com', 'en_GB'],
      ['w2', 'Alan Turing', 'alan@gmial.com', 'en_GB'],
      ['w3', 'Grace Hopper', 'grace@example.com', 'en_US'],
      ['w1', 'Ada Lovelace', 'ada@example.com', 'en_GB'],
      ['w4', 'Katherine Johnson', 'kj@example.com', 'en_US'],
    ];
    await tabTo('External ID');
    for (const [k, [id, name, email, locale]] of people.entries()) {
      expect(await focusedName()).toBe('entryExternalId');
      await page.keyboard.type(id);
      await page.keyboard.press('Tab');
      await page.keyboard.type(name);
      await page.keyboard.press('Tab');
      await page.keyboard.type(email);
      // The repeat is said while typing, before the row is added.
      if (k === 3) await expect.poll(() => page.getByTestId('entry-repeat').textContent()).toBe('Already in the list: row 1 (Ada Lovelace) has the same External id.');
      await page.keyboard.press('Tab');
      await page.keyboard.type(locale);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('entry-said').textContent()).toBe(`${name} added at the end of the list, which has ${k + 1} ${k === 0 ? 'row' : 'rows'} now.`);
    }
    expect(await focusedName()).toBe('entryExternalId');
    await expect.poll(() => page.getByTestId('workspace-counts').textContent()).toContain('5 rows');
    // The e-mail slip, fixed by the suggestion the workspace makes for it, by keyboard.
    const suggested = page.getByRole('region', { name: 'Suggested fixes' });
    await suggested.getByText('Fix 1 e-mail domain').waitFor({ timeout: 15_000 });
    await suggested.getByTestId('apply-all-sure').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => suggested.getByRole('status').textContent()).toContain('Applied 1 suggestion');
    await expect.poll(() => page.locator('revogr-data [data-rgrow="1"][data-rgcol="2"]').last().textContent()).toBe('alan@gmail.com');
    await tabTo('External ID');
    const look = await axeCheck(page, 'quick-entry');
    expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'quick-entry');

    const { dialog, status } = await send(`Send ${title} to event 4711`, '');
    await tabTo('Skip rows that repeat an earlier row’s person');
    await page.keyboard.press('Space');
    await tabTo('Send');
    await page.keyboard.press('Enter');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toContain('The push is saved and continues when the service answers.');

    await start();
    await preview.app.api['sync.now']();
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toContain('Done: 4 created');
    expect(await dialog.textContent()).not.toContain('Could not connect');
    expect(onService().map((p) => [p.external_id, p.email]).sort()).toEqual([
      ['w1', 'ada@example.com'],
      ['w2', 'alan@gmail.com'],
      ['w3', 'grace@example.com'],
      ['w4', 'kj@example.com'],
    ]);
    await page.keyboard.press('Escape');
  }, 180_000);

  it('makes a campaign’s people found in Subjects a list, sends it, and sends it again matching the same participants', async () => {
    const { page } = preview.browser;
    const before = onService().length;
    await page.goto(preview.host.url);
    const sendSlice = async (created: RegExp) => {
      await page.evaluate(() => (location.hash = '#/subjects'));
      await expect.poll(() => page.getByTestId('add-to-list').isVisible(), { timeout: 15_000 }).toBe(true);
      await page.locator('select[name="campaign"]').focus();
      await page.locator('select[name="campaign"]').selectOption('1');
      await expect.poll(() => page.getByTestId('result-count').textContent()).toMatch(/\d+ subjects found/);
      await tabTo('Event');
      await page.locator('select[name="addEvent"]').selectOption('4711');
      await tabTo('Check who goes in');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('add-plan').isVisible()).toBe(true);
      await tabTo('Preferred language “en”');
      await page.locator('select[name="addLocale-en"]').selectOption('en_GB');
      await tabTo('Add to the list and open it');
      const look = await axeCheck(page, 'subjects-to-list');
      expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
      await screenshots(page, 'subjects-to-list');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('#workspace-title').isVisible(), { timeout: 15_000 }).toBe(true);
      const name = (await page.locator('#workspace-title').textContent())!.replace(/ for event 4711$/, '');
      const { status } = await send(`Send ${name} to event 4711`, '');
      await tabTo('Send');
      await page.keyboard.press('Enter');
      await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(created);
      await page.keyboard.press('Escape');
    };
    await sendSlice(/Done: [1-9]\d* created, 0 updated/);
    const first = onService().slice(before);
    await sendSlice(/Done: 0 created, [1-9]\d* updated/);
    // The second send matched the same participants: nobody was added twice.
    expect(onService().slice(before)).toEqual(first);
    const subjectIds = new Set((service!.context.db.prepare('SELECT id FROM subjects WHERE company_id = 1').pluck().all() as number[]).map(String));
    expect(first.every((p) => subjectIds.has(p.external_id!))).toBe(true);
  }, 180_000);
});
