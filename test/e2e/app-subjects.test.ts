/**
 * The subject screens as a coordinator meets them, in headless Chromium through the preview,
 * against the real reference service started by the test so it can be stopped and started
 * again: search and filter (a followed campaign's slice too) while the service is away, change
 * a subject and its household, create one into an existing household (after being told in
 * words what was wrong), remove one after being asked; then the service is back, a sync sends
 * it all and the service agrees. Then a subject changed on both sides is shown field by
 * field and settled with a choice per field; last, a change the service refuses is said on
 * the subject's page in the page's language.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PreviewHost } from '../../src/cli/preview/host';
import type { Subject, SubjectFilters } from '../../src/core/contract/subjects';
import type { AppService } from '../../src/services/app/app-api';
import { DEMO_EXTERNAL_EVENT_ID } from '../../src/server/seed/demo';
import { assertBuilt } from '../support/built-cli';
import type { TestBrowser } from '../support/browser';
import { axeCheck, screenshots } from '../support/screens';
import { freePort } from '../support/ports';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { startTestService, type TestService } from '../support/service';
import * as XLSX from '@e965/xlsx';


describe('the subject screens: offline search and changes, a sync, a conflict', () => {
  let work: string;
  let serviceDir: string;
  let port: number;
  let service: TestService | null = null;
  let app: AppService;
  let host: PreviewHost;
  let browser: TestBrowser;
  let preview: AppPreview | undefined;
  /** What the service answered while it was up, to compare the offline answers with. */
  const expected: Record<string, number> = {};

  const start = async () => (service = await startTestService({ dataDir: serviceDir, port }));
  const search = async (filters: SubjectFilters) => {
    const answer = await service!.client().post('/api/v1/subjects/search', filters);
    return { total: Number(answer.headers.get('x-total-count')), subjects: answer.body.response as Subject[] };
  };
  const byName = async (name: string) => (await search({ search_term: name })).subjects[0];
  const count = (page: Page) => page.getByTestId('result-count');

  async function syncInPanel(page: Page) {
    await page.getByTestId('sync-status').click();
    const panel = page.getByRole('complementary', { name: 'Sync' });
    await panel.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => panel.getByText('Nothing is waiting').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('sync-status').textContent()).toContain('Online');
    await panel.getByRole('button', { name: 'Close' }).click();
  }

  async function check(page: Page, screen: string) {
    const figure = await axeCheck(page, screen);
    expect(figure.seriousOrCritical, JSON.stringify(figure.seriousOrCritical)).toEqual([]);
    await screenshots(page, screen);
  }

  beforeAll(async () => {
    assertBuilt();
    work = mkdtempSync(join(tmpdir(), 'muster-subjects-e2e-'));
    serviceDir = join(work, 'service');
    port = await freePort();
    await start();
    preview = await startAppPreview(join(work, 'app'), { viewport: { width: 1440, height: 900 } });
    ({ app, host, browser } = preview);
    await app.api['accounts.add']({ label: 'Lab', serverUrl: service!.url, token: service!.token });
  }, 30_000);

  afterAll(async () => {
    await preview?.close();
    await service?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('fetches the subjects, follows a campaign and finds people as they are typed', async () => {
    const { page } = browser;
    await page.goto(host.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subjects' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Subjects', level: 2 }).isVisible()).toBe(true);
    await page.getByLabel('Campaign number').fill('1');
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect.poll(() => page.getByTestId('slices-age').textContent()).toContain('fetched with the next sync');
    // Nothing fetched yet: the screen says so with the button that fetches it.
    expect(await page.getByTestId('data-age').textContent()).toContain('Not synced yet');
    // By keyboard: the button goes with the words once the sync worked; the focus goes to the new words.
    await page.getByTestId('data-age').getByRole('button', { name: 'Sync now' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('slices-age').textContent(), { timeout: 10_000 }).toMatch(/^\s*Slices as of/);
    await expect.poll(() => page.getByTestId('data-age').textContent()).toMatch(/Data as of/);
    await expect.poll(() => page.getByTestId('data-age').evaluate((el) => el === document.activeElement)).toBe(true);

    expected.all = (await search({})).total;
    expected.smith = (await search({ search_term: 'smith' })).total;
    expected.scheduled = (await search({ recruiting_campaign_id: 1, slice: 'scheduled' })).total;
    expected.germanAdults = (await search({ languages: ['de'], min_age: 18 })).total;
    expected.germanOver60 = (await search({ languages: ['de'], min_age: 60 })).total;
    const smithsByEmail = async (dir: 'asc' | 'desc') => (await search({ search_term: 'smith', order_by: 'email', order_dir: dir })).subjects.map((s) => s.email ?? '');
    const emailsUp = await smithsByEmail('asc');
    const emailsDown = await smithsByEmail('desc');
    await expect.poll(() => count(page).textContent()).toBe(`${expected.all} subjects found`);
    await page.getByLabel('Search subjects').pressSequentially('smith', { delay: 30 });
    await expect.poll(() => count(page).textContent()).toBe(`${expected.smith} subjects found`);
    expect(await page.getByRole('list', { name: 'Results' }).getByRole('listitem').count()).toBe(expected.smith);
    await check(page, 'subjects');

    // The same results as a table, sorted by a column's header, by keyboard; the choice outlives a reload.
    await page.getByRole('radio', { name: 'Table' }).check();
    const table = page.getByRole('table', { name: 'Results' });
    await expect.poll(() => table.getByRole('row').count()).toBe(expected.smith + 1);
    const emailHeader = table.getByRole('columnheader', { name: 'E-mail' });
    await emailHeader.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => emailHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => table.locator('tbody tr td:nth-child(4)').allTextContents()).toEqual(emailsUp);
    await page.keyboard.press('Enter');
    await expect.poll(() => emailHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => table.locator('tbody tr td:nth-child(4)').allTextContents()).toEqual(emailsDown);
    // The table stays inside the page's column, every column in view (an e-mail address breaks
    // before its "@" rather than mid-word to make room).
    const edges = await page.evaluate(() => {
      const box = document.querySelector('[data-testid="results-table"]')!.parentElement!;
      return {
        results: box.closest('.panel')!.getBoundingClientRect().right,
        page: document.querySelector('.subjects-layout')!.getBoundingClientRect().right,
        hidden: box.scrollWidth - box.clientWidth,
      };
    });
    expect(edges.results).toBeLessThanOrEqual(edges.page + 0.5);
    expect(edges.hidden).toBeLessThanOrEqual(0);
    await check(page, 'subjects-table');
    await page.reload();
    await expect.poll(() => page.getByRole('radio', { name: 'Table' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('table', { name: 'Results' }).isVisible()).toBe(true);
    await page.getByRole('radio', { name: 'Cards' }).check();
    await page.getByLabel('Search subjects').fill('smith');
    await expect.poll(() => count(page).textContent()).toBe(`${expected.smith} subjects found`);
    expect(browser.errors).toEqual([]);
  }, 60_000);

  it('searches and filters while the service is away, and changes a subject and its household', async () => {
    const { page } = browser;
    await service!.close();
    service = null;
    await page.getByLabel('Search subjects').fill('');
    await expect.poll(() => count(page).textContent()).toBe(`${expected.all} subjects found`);
    await page.getByRole('combobox', { name: /^Campaign/ }).selectOption({ label: 'Campaign 1' });
    await page.getByLabel('Campaign slice').selectOption({ label: 'Scheduled' });
    await expect.poll(() => count(page).textContent()).toBe(`${expected.scheduled} subjects found`.replace(/^1 subjects/, '1 subject'));
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Preferred languages').fill('de');
    await page.getByLabel('Age from').fill('18');
    await page.getByLabel('Age from').press('Tab');
    await expect.poll(() => count(page).textContent()).toBe(`${expected.germanAdults} subjects found`);
    // Filters that cannot be searched are said to be wrong beside their fields, and the
    // last results stay, marked as answering the filters before.
    await page.getByLabel('Age from').fill('60');
    await page.getByLabel('Age from').press('Tab');
    await expect.poll(() => page.getByRole('list', { name: 'Results' }).getByRole('listitem').count()).toBe(expected.germanOver60);
    await page.getByLabel('Age up to').fill('20');
    await page.getByLabel('Age up to').press('Tab');
    await expect.poll(() => page.getByLabel('Age up to').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#filter-maxAge-problem').textContent()).toBe('This is below “Age from”: the search would find nobody. Make it the same or higher.');
    expect(await count(page).textContent()).toContain('results from before your last change to the filters');
    expect(await page.getByRole('list', { name: 'Results' }).getByRole('listitem').count()).toBe(expected.germanOver60);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByLabel('Age from').fill('abc');
    await page.getByLabel('Age from').press('Tab');
    await expect.poll(() => page.locator('#filter-minAge-problem').textContent()).toBe('Type a whole number of years from 0 to 150, e.g. 18.');
    expect(await page.getByRole('list', { name: 'Results' }).getByRole('listitem').count()).toBe(expected.germanOver60);
    await check(page, 'subjects-filter-problems');
    await page.getByLabel('Age from').fill('18');
    await page.getByLabel('Age up to').fill('');
    await page.getByLabel('Age up to').press('Tab');
    await expect.poll(() => count(page).textContent()).toBe(`${expected.germanAdults} subjects found`);
    expect(await page.locator('#filter-minAge-problem').count()).toBe(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();

    await page.getByLabel('Search subjects').fill('Elena Garcia');
    await page.getByRole('link', { name: /Elena Garcia/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Elena Garcia' }).isVisible()).toBe(true);
    const others = page.getByRole('list', { name: 'Others in this household' });
    expect((await others.getByRole('listitem').allTextContents()).map((t) => t.split(' ·')[0]).sort()).toEqual(['Felipe Garcia', 'Gabi Garcia']);
    await page.getByLabel('Phone', { exact: true }).fill('+34 600 111 222');
    await page.getByLabel('City').fill('Valencia');
    // Leaving with changes not saved asks first; staying keeps them.
    await page.getByRole('link', { name: 'All subjects' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect.poll(() => leave.isVisible()).toBe(true);
    await leave.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByLabel('City').inputValue()).toBe('Valencia');
    // The same with Back: staying keeps the page and its address (the list's links keep history).
    const address = page.url();
    await page.evaluate(() => history.back());
    await expect.poll(() => leave.isVisible()).toBe(true);
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.url()).toBe(address);
    expect(await page.getByLabel('City').inputValue()).toBe('Valencia');
    // A half-typed date is said to be wrong, never saved as no date at all.
    const birth = await page.getByLabel('Date of birth', { exact: true }).inputValue();
    await page.getByLabel('Date of birth', { exact: true }).fill('1989-0');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByLabel('Date of birth', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    // Corrected, it stops being marked at once; the calendar beside it writes a whole date.
    await page.getByLabel('Date of birth', { exact: true }).fill('1989-02-03');
    await expect.poll(() => page.getByLabel('Date of birth', { exact: true }).getAttribute('aria-invalid')).toBe(null);
    expect(await page.getByRole('button', { name: 'Date of birth: choose from a calendar' }).isVisible()).toBe(true);
    await page.locator('input[name="date_of_birth-calendar"]').fill(birth);
    expect(await page.getByLabel('Date of birth', { exact: true }).inputValue()).toBe(birth);
    // The whole e-mail address is in view, not cut at the field's edge.
    const email = page.getByLabel('E-mail', { exact: true });
    expect(await email.inputValue()).toMatch(/@example\.com$/);
    expect(await email.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
    // Demographics by name; before this computer has learned any names it says so, and keeps the numbers.
    const demographics = page.getByRole('group', { name: 'Demographics' });
    expect(await demographics.getByTestId('demographics-none').textContent()).toContain('No demographics are known on this computer yet.');
    expect(await demographics.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await demographics.getByRole('listitem').first().textContent()).toMatch(/^Number \d+, not known on this computer/);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Saved on this computer.').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('sync-status').textContent()).toContain('1 change waiting');
    await check(page, 'subject');
  }, 40_000);

  it('says what is wrong next to each field, creates a subject into an existing household, and removes one after asking', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'All subjects' }).click();
    await page.getByRole('link', { name: 'New subject' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'New subject' }).isVisible()).toBe(true);
    await page.getByLabel('First name').fill('Ivy');
    await page.getByLabel('E-mail', { exact: true }).fill('ivy(at)example.com');
    await page.getByRole('button', { name: 'Create subject' }).click();
    await expect.poll(() => page.getByText('2 fields need fixing').isVisible()).toBe(true);
    expect(await page.getByLabel('Last name').getAttribute('aria-invalid')).toBe('true');
    // The first field to fix has the focus, so its problem is read and typed into at once.
    await expect.poll(() => page.getByLabel('Last name').evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.locator('#field-last_name-problem').textContent()).toBe('Fill this in.');
    expect(await page.locator('#field-email-problem').textContent()).toContain('This is not an e-mail address');
    // A field's problem, under it, leaves its label and input in line with the fields beside it.
    const tops = (label: string) => page.evaluate((text) => {
      const field = [...document.querySelectorAll('.field')].find((f) => f.querySelector('label')?.textContent?.trim() === text)!;
      return [field.querySelector('label')!.getBoundingClientRect().top, field.querySelector('input')!.getBoundingClientRect().top];
    }, label);
    expect(await tops('Last name')).toEqual(await tops('First name'));
    await page.getByLabel('Last name').fill('Smith');
    await page.getByLabel('E-mail', { exact: true }).fill('ivy.smith@example.com');
    await page.getByText('Add to an existing household').click();
    await page.getByLabel('Find someone who lives there').fill('Anna Smith');
    await page.getByLabel('Find someone who lives there').press('Enter');
    await page.getByRole('button', { name: 'Choose Anna Smith’s household' }).click();
    await expect.poll(() => page.getByText('The subject is created in the household of Anna Smith.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create subject' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Ivy Smith' }).isVisible()).toBe(true);
    expect(page.url()).toMatch(/#\/subjects\/\d+$/);
    expect(await page.getByText('Created on this computer.').isVisible()).toBe(true);
    expect(await page.getByText('Not on the service yet').isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Others in this household' }).getByRole('listitem').count()).toBe(4);

    await page.getByRole('link', { name: 'All subjects' }).click();
    await page.getByLabel('Search subjects').fill('Zoe Hart');
    await page.getByRole('link', { name: /Zoe Hart/ }).click();
    await page.getByRole('button', { name: 'Remove…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Zoe Hart?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => page.getByText('Zoe Hart was removed on this computer.').isVisible()).toBe(true);
    await expect.poll(() => count(page).textContent()).toBe('No subjects found');
    await expect.poll(() => page.getByTestId('sync-status').textContent()).toContain('3 changes waiting');
    // The sentence is news only until the person goes on with another search.
    await page.getByLabel('Search subjects').fill('Ivy');
    await expect.poll(() => page.getByText('Zoe Hart was removed on this computer.').isVisible()).toBe(false);
    expect(browser.errors).toEqual([]);
  }, 40_000);

  it('sends it all once the service is back, and the service agrees', async () => {
    const { page } = browser;
    await start();
    await syncInPanel(page);
    const elena = await byName('Elena Garcia');
    expect(elena).toMatchObject({ phone: '+34 600 111 222', household: { city: 'Valencia' } });
    const ivy = await byName('Ivy Smith');
    expect(ivy).toMatchObject({ email: 'ivy.smith@example.com', household_id: (await byName('Anna Smith')).household_id });
    expect((await search({ search_term: 'Zoe Hart' })).total).toBe(0);
    await page.getByLabel('Search subjects').fill('Ivy');
    // Connected again, the service can write its own export of the search.
    // The preview hands the file to the browser as a download.
    const download = page.waitForEvent('download', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Export from the service (Excel)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^subjects-.*-service\.xlsx$/);
    await page.getByRole('status').filter({ hasText: `The service’s export was written to ${file.suggestedFilename()}` }).waitFor();
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(readFileSync(await file.path())).Sheets.Subjects, { header: 1 });
    expect(rows.length - 1).toBe((await search({ search_term: 'Ivy' })).total);
    await page.getByRole('link', { name: /Ivy Smith/ }).click();
    await expect.poll(() => page.getByText(`Service number ${ivy.id}`).isVisible()).toBe(true);
  }, 40_000);

  it('shows a subject changed on both sides field by field and sends what was kept', async () => {
    const { page } = browser;
    const liam = await byName('Liam Brown');
    await page.getByRole('link', { name: 'All subjects' }).click();
    await page.getByLabel('Search subjects').fill('Liam Brown');
    await page.getByRole('link', { name: /Liam Brown/ }).click();
    await page.getByLabel('Notes', { exact: true }).fill('Prefers evening sessions');
    await page.getByLabel('Mobile phone').fill('+1 555 0101');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Saved on this computer.').isVisible()).toBe(true);
    expect((await service!.client().patch(`/api/v1/subjects/${liam.id}`, { notes: 'Only mornings', mobile_phone: '+1 555 0202', work_phone: '+1 555 0303' })).status).toBe(200);

    await page.getByTestId('sync-status').click();
    const panel = page.getByRole('complementary', { name: 'Sync' });
    await panel.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => page.getByTestId('sync-status').textContent(), { timeout: 20_000 }).toContain('Online');
    // The panel says it is a conflict, not a refusal to retry, and leads to the two versions.
    const waiting = panel.getByRole('listitem').filter({ hasText: 'Liam Brown' });
    await expect.poll(() => waiting.textContent()).toContain('Changed here and on the service');
    expect(await waiting.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await waiting.getByRole('link', { name: 'Compare and choose' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    const conflict = page.getByRole('region', { name: 'Changed here and on the service' });
    await expect.poll(() => conflict.isVisible(), { timeout: 10_000 }).toBe(true);
    const notes = conflict.getByRole('group', { name: 'Notes' });
    expect(await notes.textContent()).toContain('Prefers evening sessions');
    expect(await notes.textContent()).toContain('Only mornings');
    expect(await conflict.getByRole('button', { name: 'Resolve' }).isDisabled()).toBe(true);
    await check(page, 'subject-conflict');

    await notes.getByLabel(/On this computer/).check();
    await conflict.getByRole('group', { name: 'Mobile phone' }).getByLabel(/On the service/).check();
    await conflict.getByRole('button', { name: 'Resolve' }).click();
    await expect.poll(() => page.getByText('Resolved.').isVisible()).toBe(true);
    await syncInPanel(page);
    expect((await byName('Liam Brown'))).toMatchObject({ notes: 'Prefers evening sessions', mobile_phone: '+1 555 0202', work_phone: '+1 555 0303' });
    await expect.poll(() => page.getByText('Synced', { exact: false }).first().isVisible()).toBe(true);
    expect(browser.errors).toEqual([]);
  }, 60_000);

  it('edits demographics by name once a push has taught this computer the names', async () => {
    const { page } = browser;
    // The service names its catalog in its parser result: a list sent to the demo event teaches it.
    await app.api['events.add']({ externalEventId: DEMO_EXTERNAL_EVENT_ID, name: 'Snack test' });
    const sheet = join(work, 'novak.csv');
    writeFileSync(sheet, ['Name;E-Mail;Gender;Age Group', 'Nia Novak;nia.novak@example.com;Female;25-34', 'Max Novak;max.novak@example.com;Male;35-44'].join('\n'));
    const opened = await app.api['drafts.open']({ grant: app.grantFile(sheet).grant, externalEventId: DEMO_EXTERNAL_EVENT_ID });
    await app.api['drafts.push'](opened.draft.id, {});
    await expect
      .poll(async () => (await app.api['sync.now'](), (await app.api['subjects.demographics']()).flatMap((c) => c.demographics.map((d) => `${c.name}: ${d.name}`)).sort()), { timeout: 20_000 })
      .toEqual(['Age Group: 25-34', 'Age Group: 35-44', 'Gender: Female', 'Gender: Male']);

    await page.getByRole('link', { name: 'All subjects' }).click();
    await page.getByLabel('Search subjects').fill('Elena Garcia');
    await page.getByRole('link', { name: /Elena Garcia/ }).click();
    const demographics = page.getByRole('group', { name: 'Demographics' });
    await expect.poll(() => demographics.getByRole('listitem').allTextContents()).toEqual(['Gender: Female×', 'Age Group: 25-34×']);
    // One of a category that holds one replaces the other; picked and removed by keyboard.
    await demographics.getByLabel('Add a demographic').selectOption({ label: 'Male' });
    await expect.poll(() => demographics.getByRole('listitem').allTextContents()).toEqual(['Gender: Male×', 'Age Group: 25-34×']);
    await demographics.getByRole('button', { name: 'Remove Age Group: 25-34' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => demographics.getByRole('listitem').allTextContents()).toEqual(['Gender: Male×']);
    await demographics.getByLabel('Add a demographic').selectOption({ label: '35-44' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Saved on this computer.').isVisible()).toBe(true);
    const { rows } = await app.api['subjects.search']({ search_term: 'Elena Garcia' });
    const saved = await app.api['subjects.get'](rows[0].localId);
    expect(saved.demographicNames.map((d) => `${d.category}: ${d.name}`)).toEqual(['Gender: Male', 'Age Group: 35-44']);
    await check(page, 'subject-demographics');
    // Once a sync has sent it, the page no longer says it goes with the next one.
    await app.api['sync.now']();
    await expect.poll(() => page.getByText('Saved, and the service has it now.').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(browser.errors).toEqual([]);
  }, 60_000);

  it('says in the page’s language why the service refused a change to the subject', async () => {
    const { page } = browser;
    const { rows } = await app.api['subjects.search']({ search_term: 'Liam Brown' });
    // A location the company does not have: the service refuses the change (422), naming the field.
    await app.api['subjects.save'](rows[0].localId, { input: { location_ids: [99999] } });
    expect(await app.api['sync.now']()).toMatchObject({ failed: 1 });
    await app.api['settings.setLanguage']('fr');
    try {
      // Read again, the page takes the language; then it opens the subject.
      await page.reload();
      await page.evaluate((localId) => void (location.hash = `#/subjects/${localId}`), rows[0].localId);
      const refusal = page.getByRole('alert').filter({ hasText: 'Le service a refusé la dernière modification' });
      await expect.poll(() => refusal.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await refusal.textContent()).toBe(
        'Le service a refusé la dernière modification : Le service a rejeté la requête (422). Le service a dit : « Some fields are invalid. » ' +
          'Les champs refusés : location_ids (are not locations of your company: 99999).',
      );
    } finally {
      await app.api['settings.setLanguage']('en');
    }
    expect(browser.errors).toEqual([]);
  }, 60_000);
});
