/**
 * A messy sheet cleaned mostly by accepting suggested fixes, by keyboard, in headless
 * Chromium through the preview: a group opened and applied, undone with Ctrl+Z as one step,
 * every sure fix applied at once, a choice made, a suggestion turned down that stays down
 * after the page is loaded again. Opening and fixing need no service.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppPreview, type AppPreview } from '../support/app-preview';
import { freePort } from '../support/ports';
import { axeCheck, screenshots } from '../support/screens';
import { messyCsv, messySheet } from '../fixtures/messy-sheet';

const ROWS = 80;

describe('a messy sheet cleaned by its suggested fixes', () => {
  let work: string;
  let preview: AppPreview;
  let draftId: number;
  const page = () => preview.browser.page;
  const panel = () => page().getByRole('region', { name: 'Suggested fixes' });
  const invalidRows = async () => Number(/(\d+) rows? need/.exec((await page().getByTestId('workspace-counts').textContent()) ?? '')?.[1] ?? 0);
  const suggestions = () => preview.app.api['suggestions.list'](draftId);

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'muster-workspace-suggestions-'));
    preview = await startAppPreview(join(work, 'app'), { viewport: { width: 1440, height: 900 } });
    await preview.app.api['accounts.add']({ label: 'Lab', serverUrl: `http://127.0.0.1:${await freePort()}`, token: 'a-token' });
    const sheet = join(work, 'Messy.csv');
    writeFileSync(sheet, messyCsv(messySheet(ROWS, 24)));
    await page().goto(preview.host.url);
    await page().getByRole('heading', { name: 'Events' }).waitFor();
    const opened = await preview.app.api['drafts.open']({ grant: preview.app.grantFile(sheet).grant, externalEventId: 4711 });
    draftId = opened.draft.id;
    await page().evaluate((hash) => (location.hash = hash), `#/drafts/${draftId}`);
    await page().getByTestId('workspace-counts').filter({ hasText: `${ROWS} rows` }).waitFor({ timeout: 15_000 });
  }, 60_000);

  afterAll(async () => {
    await preview?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('shows the groups with a before → after preview, applies one by keyboard, and Ctrl+Z takes the whole group back', async () => {
    const before = await suggestions();
    const domains = before.groups.find((g) => g.key === 'email-domain|email')!;
    expect(domains.sure).toBeGreaterThan(2);
    const summary = panel().getByText(`Fix ${domains.count} e-mail domains`);
    await summary.waitFor({ timeout: 15_000 });
    await summary.focus();
    await page().keyboard.press('Enter');
    // The preview: each suggestion's row, its value before and after.
    const first = before.items.find((i) => i.group === domains.key)!;
    await expect.poll(() => panel().locator('.suggestion').first().textContent()).toContain(`${first.from}→${first.to[0]}`);
    // Each group's why in whole sentences, a space after each full stop.
    const whys = await panel().locator('.suggestions__why').allTextContents();
    expect(whys.length).toBeGreaterThan(1);
    for (const why of whys) expect(why).not.toMatch(/[.!?][A-ZÄÖÜ]/);
    const look = await axeCheck(page(), 'workspace-suggestions');
    expect(look.seriousOrCritical).toEqual([]);
    await screenshots(page(), 'workspace-suggestions');

    // One of them applied by keyboard: it goes with its buttons, and the next one, now in its
    // place, has the focus.
    const firstItem = panel().locator('.suggestion').first();
    const firstKey = await firstItem.getAttribute('data-suggestion');
    await firstItem.getByRole('button', { name: 'Apply', exact: true }).focus();
    await page().keyboard.press('Enter');
    await expect.poll(() => panel().getByRole('status').textContent()).toContain('Applied 1 suggestion;');
    const focusedItem = () => page().evaluate(() => document.activeElement?.closest('.suggestion')?.getAttribute('data-suggestion') ?? null);
    await expect.poll(async () => [null, firstKey].includes(await focusedItem())).toBe(false);
    expect(await page().evaluate(() => document.activeElement?.closest('.suggestion')?.getAttribute('aria-posinset'))).toBe('1');

    await panel().getByRole('button', { name: `Apply ${domains.sure - 1} sure` }).focus();
    await page().keyboard.press('Enter');
    await expect.poll(() => panel().getByRole('status').textContent()).toContain(`Applied ${domains.sure - 1} suggestions`);
    // The group goes with its button; the group now in its place has the focus, not the page.
    await expect.poll(() => panel().evaluate((region) => (region.contains(document.activeElement) ? document.activeElement?.tagName : null))).toBe('SUMMARY');
    await expect.poll(async () => (await suggestions()).groups.some((g) => g.key === domains.key)).toBe(false);
    const fixedRow = preview.app.api['drafts.page'](draftId, { limit: ROWS });
    expect((await fixedRow).rows.find((r) => r.position === first.position)?.cells.email).toBe(first.to[0]);

    // One step of the history: one undo puts every e-mail of the group back (but the one
    // applied on its own before, a step of its own). Pressed where the focus is, on the group
    // now in the applied one's place: the group coming back above pushes it down, and the
    // panel keeps it in view.
    await page().keyboard.press('Control+z');
    await expect.poll(async () => (await suggestions()).groups.find((g) => g.key === domains.key)?.count).toBe(domains.count - 1);
    await expect.poll(() => panel().getByText(`Fix ${domains.count - 1} e-mail domains`).isVisible()).toBe(true);
    const inView = () =>
      page().evaluate(() => {
        const at = document.activeElement!.getBoundingClientRect();
        const box = document.querySelector('.workspace__problems')!.getBoundingClientRect();
        return document.activeElement?.tagName === 'SUMMARY' && at.top >= box.top - 1 && at.bottom <= box.bottom + 1;
      });
    await expect.poll(inView).toBe(true);
  }, 120_000);

  it('keeps the place in a group opened above the one open before', async () => {
    const now = await suggestions();
    const domains = now.groups.findIndex((g) => g.key === 'email-domain|email');
    const above = now.groups.slice(0, domains).find((g) => g.count > 1);
    expect(above).toBeDefined();
    const open = async (key: string) => {
      const summary = panel().locator(`summary[data-group="${key}"]`);
      if ((await summary.locator('xpath=..').getAttribute('open')) !== null) return;
      await summary.focus();
      await page().keyboard.press('Enter');
      await expect.poll(() => summary.locator('xpath=..').getAttribute('open')).not.toBeNull();
    };
    await open('email-domain|email');
    // The group above opens; the one below closes, its list taken away after the new one is drawn.
    await open(above!.key);
    const firstItem = panel().locator(`summary[data-group="${above!.key}"] ~ ol .suggestion`).first();
    const firstKey = await firstItem.getAttribute('data-suggestion');
    await firstItem.getByRole('button', { name: 'Apply', exact: true }).focus();
    await page().keyboard.press('Enter');
    await expect.poll(() => panel().getByRole('status').textContent()).toContain('Applied 1 suggestion;');
    const focused = () => page().evaluate(() => ({ key: document.activeElement?.closest('.suggestion')?.getAttribute('data-suggestion') ?? null, place: document.activeElement?.closest('.suggestion')?.getAttribute('aria-posinset') ?? null }));
    await expect.poll(async () => [null, firstKey].includes((await focused()).key)).toBe(false);
    expect((await focused()).place).toBe('1');
  }, 60_000);

  it('applies a fix beside its problem, then every sure fix at once, by keyboard, leaving only the choices', async () => {
    const invalid = await invalidRows();
    // Beside a problem: its row's sure fix, named by what it writes.
    const problems = page().getByRole('region', { name: 'Problems and warnings' });
    const fixedItem = problems.locator('li.problem').filter({ has: page().getByTestId('row-fix') }).first();
    const rowFix = fixedItem.getByTestId('row-fix');
    const label = (await rowFix.getAttribute('aria-label')) ?? '';
    const place = await fixedItem.getAttribute('aria-posinset');
    await rowFix.focus();
    await page().keyboard.press('Enter');
    await expect.poll(() => panel().getByRole('status').textContent()).toContain('Applied 1 suggestion;');
    // The button went with the fix; the focus stays in its place in the list, not on the page's body.
    await expect.poll(() => page().evaluate(() => (document.activeElement?.matches('.problem-row') ? document.activeElement.closest('li')?.getAttribute('aria-posinset') : null))).toBe(place);
    // Named by the column it fixes too: the problem beside it may be about another one.
    const fixedTo = /^Fix (?:External ID|Name|E-mail|Locale|Note): (.*) \(/.exec(label)?.[1];
    expect(fixedTo).toBeTruthy();
    expect(JSON.stringify((await preview.app.api['drafts.page'](draftId, { limit: ROWS })).rows.map((r) => r.cells))).toContain(JSON.stringify(fixedTo).slice(1, -1));
    const before = await suggestions();
    const all = panel().getByTestId('apply-all-sure');
    // Disabled, as every fix in the panel, until the list is read again after the first one.
    await expect.poll(() => all.isEnabled()).toBe(true);
    await all.focus();
    await page().keyboard.press('Enter');
    await expect.poll(() => panel().getByRole('status').textContent()).toContain(`Applied ${before.sure} suggestions`);
    await expect.poll(async () => (await suggestions()).sure).toBe(0);
    // The button is gone with the fixes; the focus stays in the panel, so Tab goes on from there.
    await expect.poll(() => panel().evaluate((region) => region.contains(document.activeElement))).toBe(true);
    // Most of what was wrong is fixed in one keystroke; what is left needs a person's choice.
    await expect.poll(invalidRows).toBeLessThan(invalid / 2);
    const left = await suggestions();
    expect(left.items.every((i) => !i.sure)).toBe(true);
    // Each problem's sentence reads whole: in two lines beside its fix button, or, when it says
    // more, once its row has the focus (drawn over the rows below).
    const rowTexts = page().locator('li.problem');
    const cut = async (k: number) => rowTexts.nth(k).locator('.problem-row__text').evaluate((el) => el.scrollHeight > el.clientHeight + 1 || el.getBoundingClientRect().bottom > el.closest('.problem-row')!.getBoundingClientRect().bottom);
    for (let k = 0; k < (await rowTexts.count()); k++) {
      if (!(await cut(k))) continue;
      await rowTexts.nth(k).locator('.problem-row').focus();
      expect(await cut(k)).toBe(false);
    }
    await page().evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await screenshots(page(), 'workspace-suggestions-choices');
  }, 60_000);

  it('takes a choice with the answer picked, and a suggestion turned down stays down after a reload', async () => {
    const left = await suggestions();
    const choice = left.items.find((i) => i.kind !== 'repeat' && i.to.length > 1);
    const repeat = left.items.find((i) => i.kind === 'repeat');
    expect(choice ?? repeat).toBeDefined();
    if (choice) {
      const groupSummary = panel().locator(`summary[data-group="${choice.group}"]`);
      await groupSummary.focus();
      await page().keyboard.press('Enter');
      const item = panel().locator(`[data-suggestion="${choice.position}|${choice.field}|${choice.kind}"]`);
      await item.getByRole('combobox').selectOption(choice.to[1]);
      await item.getByRole('combobox').focus();
      const place = await item.getAttribute('aria-posinset');
      await page().keyboard.press('Tab');
      await page().keyboard.press('Enter');
      await expect.poll(async () => (await preview.app.api['drafts.page'](draftId, { limit: ROWS })).rows.find((r) => r.position === choice.position)?.cells[choice.field as 'locale']).toBe(choice.to[1]);
      // The suggestion went with its buttons: the next one of its group, now in its place, has
      // the focus (or the group now in the group's place, when it had no other).
      const stillInGroup = (await suggestions()).items.filter((i) => i.group === choice.group).length;
      const focused = () =>
        panel().evaluate((region) => {
          const active = document.activeElement;
          if (!active || !region.contains(active)) return null;
          return active.tagName === 'SUMMARY' ? 'group' : (active.closest('.suggestion')?.getAttribute('aria-posinset') ?? active.tagName);
        });
      const expected = stillInGroup === 0 ? 'group' : String(Math.min(Number(place), stillInGroup));
      await expect.poll(focused).toBe(expected);
    }
    const target = (await suggestions()).items[0];
    if (!target) return;
    const groupSummary = panel().locator(`summary[data-group="${target.group}"]`);
    if ((await groupSummary.locator('xpath=..').getAttribute('open')) === null) {
      await groupSummary.focus();
      await page().keyboard.press('Enter');
    }
    const item = panel().locator(`[data-suggestion="${target.position}|${target.field}|${target.kind}"]`);
    await item.getByRole('button', { name: 'Turn down' }).focus();
    await page().keyboard.press('Enter');
    await expect.poll(() => panel().getByRole('status').textContent()).toContain('Turned down 1 suggestion');
    await page().reload();
    await page().getByTestId('workspace-counts').filter({ hasText: `rows` }).waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await suggestions()).items.some((i) => i.position === target.position && i.kind === target.kind && i.field === target.field)).toBe(false);
    // Turned down by mistake: the panel counts what was turned down and brings it back.
    const back = panel().getByRole('button', { name: 'Bring it back' });
    await expect.poll(() => back.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await panel().textContent()).toContain('1 suggestion turned down.');
    await back.focus();
    await page().keyboard.press('Enter');
    await expect.poll(() => panel().getByRole('status').textContent()).toContain('Brought back 1 suggestion.');
    await expect.poll(async () => (await suggestions()).items.some((i) => i.position === target.position && i.kind === target.kind && i.field === target.field)).toBe(true);
    // Its button went with it: the focus stays in the panel.
    await expect.poll(() => panel().evaluate((region) => region.contains(document.activeElement))).toBe(true);
  }, 60_000);
});
