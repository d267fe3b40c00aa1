/**
 * Reviewing an import that reached the service from elsewhere, in headless Chromium through
 * the preview against the real reference service: the built command line pushes a sheet with
 * an invalid row from another computer's mirror; the app opens that import from the event,
 * shows the service's reading (the invalid row marked), runs an import action with a
 * destructive flag (confirmed first) and shows its summary, then destroys the import after
 * saying what goes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, ROOT } from '../support/built-cli';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { freshEvent } from '../support/events';
import { freePort } from '../support/ports';
import { axeCheck, screenshots } from '../support/screens';
import { startTestService, type TestService } from '../support/service';

/** The built `muster`, as a colleague would run it on another computer (its own data folder). */
function muster(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((done) => child.once('exit', (code) => done({ code, out, err })));
}

describe('reviewing an import made elsewhere', () => {
  let work: string;
  let service: TestService;
  let port: number;
  const start = async () => (service = await startTestService({ dataDir: join(work, 'service'), port }));
  let preview: AppPreview;
  let externalEventId: number;
  let importId: number;

  beforeAll(async () => {
    assertBuilt();
    work = mkdtempSync(join(tmpdir(), 'muster-import-review-e2e-'));
    port = await freePort();
    await start();
    externalEventId = freshEvent(service).external_event_id;
    const sheet = join(work, 'Abend.csv');
    writeFileSync(sheet, ['External ID,Name,E-Mail', 'a1,Ann,ann@example.com', 'b1,Ben,ben(at)example.com', 'c1,Cid,cid@example.com'].join('\n'));
    const pushed = await muster(['push', sheet, '--event', String(externalEventId), '--server', service.url, '--data', join(work, 'colleague'), '--skip-invalid', '--json'], { MUSTER_TOKEN: service.token });
    expect(pushed.code, pushed.err).toBe(0);
    importId = JSON.parse(pushed.out).import_id;
    preview = await startAppPreview(join(work, 'app'), { viewport: { width: 1440, height: 900 } });
    await preview.app.api['accounts.add']({ label: 'Lab', serverUrl: service.url, token: service.token });
    await preview.app.api['events.add']({ externalEventId, name: 'Cereal tasting' });
    await preview.app.api['sync.now']();
  }, 60_000);

  afterAll(async () => {
    await preview?.close();
    await service?.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** Moves the focus with Tab until the control named `name` has it. */
  async function tabTo(name: string) {
    const { page } = preview.browser;
    for (let i = 0; i < 60; i++) {
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el ? (el.getAttribute('aria-label') ?? el.closest('label')?.textContent ?? el.textContent ?? '').trim() : '';
      });
      if (focused.startsWith(name)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`No control named “${name}” took the focus.`);
  }

  it('opens the import from the event and shows the service’s reading with its invalid row', async () => {
    const { page } = preview.browser;
    await page.goto(preview.host.url);
    await page.evaluate((hash) => (location.hash = hash), `#/events/${externalEventId}`);
    await page.getByTestId(`review-import-${importId}`).click();
    await expect.poll(() => page.getByRole('heading', { name: `Import ${importId}` }).isVisible(), { timeout: 15_000 }).toBe(true);
    // The service's own reading: the colleague's push already imported the valid rows, so they match.
    const parsed = (await service.client().get(`/api/v1/participant_imports/${importId}/parser`)).body.response.participants as { participant_id: number | null }[];
    const matched = parsed.filter((p) => p.participant_id !== null).length;
    await expect.poll(() => page.getByTestId('import-counts').textContent()).toBe(`1 of 3 participants have problems · ${matched} matched`);
    const grid = page.getByTestId('import-grid');
    await expect.poll(() => grid.locator('.cell--invalid').first().textContent({ timeout: 5_000 }).catch(() => '')).toBe('ben(at)example.com');
    await expect.poll(() => page.getByTestId('problem-rows').textContent()).toContain('Row 2');
    await expect.poll(() => page.getByTestId('import-actions').textContent()).toContain('Completed');
    // Who made it, in words rather than the service's type name.
    expect(await page.locator('main').textContent()).toContain('by an application with an access token (Muster, a script)');
    expect(await page.locator('main').textContent()).not.toContain('OauthApplication');
    expect(await page.getByRole('button', { name: 'Open as a new list' }).isEnabled()).toBe(true);
    // An import is the events' part of the app: the top bar says so.
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).getAttribute('aria-current')).toBe('true');
    const look = await axeCheck(page, 'import-review');
    expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'import-review');
  }, 60_000);

  it('moves through the service’s reading by keyboard, and a problem picked in the list shows its cell', async () => {
    const { page } = preview.browser;
    const focused = () => page.evaluate(() => ({ text: document.activeElement?.textContent?.trim() ?? '', inGrid: document.activeElement?.closest('[data-testid="import-grid"]') !== null }));
    // One Tab stop with a cell cursor: Tab goes to the first cell, arrows reach the last column.
    await page.getByRole('checkbox', { name: 'Only rows with problems' }).focus();
    await page.keyboard.press('Tab');
    await expect.poll(focused).toEqual({ text: 'a1', inGrid: true });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await expect.poll(focused).toEqual({ text: 'new', inGrid: true });
    await page.keyboard.press('Home');
    await expect.poll(focused).toEqual({ text: 'b1', inGrid: true });
    // Tab leaves the grid for the control after it, instead of walking its cells.
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await focused()).inGrid).toBe(false);
    // Ben's row in the problems list: its invalid e-mail cell takes the focus.
    await page.getByTestId('problem-rows').getByRole('button', { name: /Row 2/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focused).toEqual({ text: 'ben(at)example.com', inGrid: true });
    // F8 walks the rows with problems as in the workspace: from the first row, to Ben's cell again.
    await page.keyboard.press('Control+Home');
    await expect.poll(focused).toEqual({ text: 'a1', inGrid: true });
    await page.keyboard.press('F8');
    await expect.poll(focused).toEqual({ text: 'ben(at)example.com', inGrid: true });
    await expect.poll(() => page.getByTestId('problem-rows').getByRole('button', { name: /Row 2/ }).getAttribute('aria-current')).toBe('true');
  }, 60_000);

  it('runs an import action with a destructive flag from the keyboard, confirmed first, and shows its summary', async () => {
    const { page } = preview.browser;
    await tabTo('Run an import action…');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Run an import action on import ${importId}` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await tabTo('Remove the event’s participants that this list does not name');
    await page.keyboard.press('Space');
    await tabTo('Start');
    await page.keyboard.press('Enter');
    const confirmation = page.getByRole('dialog', { name: 'This removes data on the service' });
    await expect.poll(() => confirmation.isVisible()).toBe(true);
    expect(await confirmation.textContent()).toContain(`Every participant of event ${externalEventId} who is not in this list will be removed from the event.`);
    await confirmation.getByRole('button', { name: 'Remove and run it' }).click();
    await expect.poll(() => dialog.getByTestId('act-summary').textContent(), { timeout: 20_000 }).toBe('Done: 0 created, 2 updated, 1 skipped, 0 removed.');
    // Start went with the answer: the focus stays in the dialog, on Close, not on the page's body.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Close');
    const look = await axeCheck(page, 'import-act');
    expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'import-act');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByTestId('import-actions').locator('li').count()).toBe(2);
  }, 60_000);

  it('offline, shows what this computer has and how old it is, and keeps an action in the outbox until the service is back', async () => {
    const { page } = preview.browser;
    await service.close();
    await page.reload();
    await expect.poll(() => page.getByTestId('import-as-of').textContent(), { timeout: 15_000 }).toMatch(/^The service cannot be asked now \(Could not connect to the service.*\)\. This is what this computer has, as of /);
    await expect.poll(() => page.getByTestId('import-counts').textContent()).toMatch(/^1 of 3 participants have problems/);
    await tabTo('Run an import action…');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Run an import action on import ${importId}` });
    await tabTo('Start');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByTestId('act-summary').textContent(), { timeout: 20_000 }).toMatch(/^Saved in the outbox: Could not connect/);
    const look = await axeCheck(page, 'import-offline');
    expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'import-offline');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByText('An import action asked for here waits in the outbox').isVisible()).toBe(true);
    await start();
    await preview.app.api['sync.now']();
    await expect.poll(() => page.getByTestId('import-actions').locator('li').count(), { timeout: 20_000 }).toBe(3);
    await expect.poll(() => page.getByTestId('import-as-of').count()).toBe(0);
  }, 90_000);

  it('opens the import as a new list here, by keyboard, with its invalid row still to fix', async () => {
    const { page } = preview.browser;
    await tabTo('Open as a new list');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.hash), { timeout: 15_000 }).toMatch(/^#\/drafts\/\d+/);
    await expect.poll(() => page.getByTestId('workspace-counts').textContent(), { timeout: 15_000 }).toContain('3 rows · 1 row needs fixing');
    expect(await page.getByRole('heading', { name: new RegExp(`^Import ${importId}`) }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('region', { name: 'Problems and warnings' }).textContent()).toContain('“ben(at)example.com” is not a valid e-mail address.');
    // The import stays as it was; back to it for what follows.
    await page.evaluate(([event, id]) => (location.hash = `#/events/${event}/imports/${id}`), [externalEventId, importId]);
    await expect.poll(() => page.getByRole('heading', { name: `Import ${importId}` }).isVisible(), { timeout: 15_000 }).toBe(true);
  }, 60_000);

  it('destroys the import after saying what goes, and the event no longer lists it', async () => {
    const { page } = preview.browser;
    await tabTo('Destroy…');
    await page.keyboard.press('Enter');
    const confirmation = page.getByRole('dialog', { name: `Destroy import ${importId}?` });
    await expect.poll(() => confirmation.isVisible()).toBe(true);
    expect(await confirmation.textContent()).toContain('Participants it already imported into the event stay.');
    const look = await axeCheck(page, 'import-destroy');
    expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'import-destroy');
    await confirmation.getByRole('button', { name: 'Destroy the import' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Cereal tasting' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId(`review-import-${importId}`).count()).toBe(0);
    // The event says what was done: the import's own screen, which would have, is gone.
    expect(await page.getByTestId('import-destroyed').textContent()).toBe(`Import ${importId} is destroyed.`);
    expect((await service.client().get(`/api/v1/participant_imports/${importId}`)).status).toBe(404);
  }, 60_000);
});
