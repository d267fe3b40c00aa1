/**
 * The German page says in German why each column is read as it is, what it noticed of the
 * sheet, what is wrong with each row, why a fix is suggested and what giving up a change loses: all of it comes from the catalogs the command line
 * shares (core/i18n), driven in headless Chromium through the preview against the real
 * reference service.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickFile } from '../support/file-chooser';
import { startPreviewHost, type PreviewHost } from '../../src/cli/preview/host';
import { createAppService, type AppService } from '../../src/services/app/app-api';
import { BIN, ROOT } from '../support/built-cli';
import { launchIsolatedBrowser, type TestBrowser } from '../support/browser';
import { axeCheck, screenshots } from '../support/screens';
import { startTestService, type TestService } from '../support/service';

const rendererDir = join(ROOT, 'out/renderer');

describe('the sheet setup and the workspace in German', () => {
  let work: string;
  let service: TestService;
  let app: AppService;
  let host: PreviewHost;
  let browser: TestBrowser;
  const sheet = () => join(work, 'Verkostung.csv');

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'muster-languages-e2e-'));
    service = await startTestService({ dataDir: join(work, 'service') });
    // "Emial" is a misspelling the reasons say as one; "Wohnort" a header nothing matches.
    writeFileSync(
      sheet(),
      ['Teilnehmerliste Verkostung', '', 'Kundennummer;Name;Emial;Sprache;Wohnort', 'k1;Ada Lovelace;ada@example.com;en_US;Köln', 'k2;Bob;bob(at)example.com;de_DE;Bonn', 'k3;Cleo;cleo@example.com;xx_XX;Köln', 'k4;Dan;ada@example.com;de_DE;Bonn'].join('\n'),
    );
    app = createAppService({ dataDir: join(work, 'app') });
    host = await startPreviewHost({ rendererDir, port: 0, api: app.api, subscribe: app.subscribe, downloads: app.downloads });
    await app.api['accounts.add']({ label: 'Lab', serverUrl: service.url, token: service.token });
    await app.api['events.add']({ externalEventId: 4711, name: 'Cereal tasting' });
    await app.api['settings.setLanguage']('de');
    browser = await launchIsolatedBrowser({ viewport: { width: 1440, height: 900 } });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await app?.close();
    await service?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('gives each column’s reason and each row’s problem in German', async () => {
    const { page } = browser;
    await page.goto(host.url);
    await page.getByRole('link', { name: /Cereal tasting/ }).click();
    await pickFile(page, () => page.getByRole('button', { name: 'Tabelle öffnen…' }).click(), sheet());
    const setup = page.getByRole('region', { name: 'So wird die Tabelle gelesen' });
    await expect.poll(() => setup.isVisible(), { timeout: 15_000 }).toBe(true);
    const why = async (header: string) => (await setup.getByRole('row').filter({ has: page.getByRole('rowheader', { name: header, exact: true }) }).locator('td.muted').textContent())?.trim();
    expect(await why('Kundennummer')).toMatch(/^„Kundennummer“ ist ein Wort für: die externe ID\. \(\d+ %\)$/);
    expect(await why('Emial')).toMatch(/^„Emial“ sieht aus wie ein Tippfehler für „email“: die E-Mail-Adresse\. \(\d+ %\)$/);
    expect(await why('Sprache')).toMatch(/^„Sprache“ ist ein Wort für: die Sprache\. \(\d+ %\)$/);
    expect(await why('Wohnort')).toMatch(/^„Wohnort“ ist ein Wort für: Ort\. Das ist eine demografische Kategorie\. \(\d+ %\)$/);
    // Not one English reason is left in the table.
    expect(await setup.locator('td.muted').allTextContents()).not.toContainEqual(expect.stringMatching(/ is a | looks like | the event’s /));
    const look = await axeCheck(page, 'sheet-setup-de');
    expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'sheet-setup-de');

    await setup.getByRole('button', { name: 'Im Arbeitsbereich öffnen' }).click();
    const problems = page.getByRole('region', { name: 'Probleme und Hinweise' });
    await expect.poll(() => problems.textContent(), { timeout: 15_000 }).toContain('„bob(at)example.com“ ist keine gültige E-Mail-Adresse.');
    expect(await problems.textContent()).toContain('„xx_XX“ ist keine Sprache, die der Dienst kennt');
    expect(await problems.textContent()).toContain('Hat dieselbe E-Mail-Adresse wie Zeile 4');
    expect(await problems.textContent()).not.toMatch(/is not a valid|Shares its e-mail/);

    // The suggested fix for Bob's address says in German why it is offered, from the catalogs muster check words it with.
    const suggestions = page.getByTestId('suggestions');
    await suggestions.locator('summary[data-group="email-format|email"]').click();
    const fix = suggestions.locator('.suggestion').filter({ hasText: 'bob(at)example.com' });
    await expect.poll(() => fix.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await fix.locator('.suggestion__reason').textContent()).toBe('„at“ als @ geschrieben.');
    const suggested = await axeCheck(page, 'workspace-suggestions-de');
    expect(suggested.seriousOrCritical, JSON.stringify(suggested.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'workspace-suggestions-de');
  });

  it('says in German why the service cannot be reached, for the status and for a change that waits', async () => {
    const { page } = browser;
    await service.close();
    // A push made while the service is away stays in the outbox with the sentence of its failed call.
    const list = join(work, 'Nachzügler.csv');
    writeFileSync(list, 'External ID,Name,E-Mail\nn1,Nora,nora@example.com\n');
    const push = await new Promise<string>((done) => {
      const child = spawn(process.execPath, [BIN, 'push', list, '--event', '4711', '--server', service.url, '--data', join(work, 'app')], { cwd: ROOT, env: { ...process.env, MUSTER_TOKEN: service.token } });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
        if (/Trying again in/.test(stderr)) child.kill('SIGINT');
      });
      child.once('exit', () => done(stderr));
    });
    expect(push).toContain('the push is saved');
    await page.getByTestId('sync-status').click();
    const panel = page.getByRole('complementary', { name: 'Synchronisierung' });
    await panel.getByRole('button', { name: 'Jetzt synchronisieren' }).click();
    const error = panel.getByTestId('sync-error');
    await expect.poll(() => error.isVisible(), { timeout: 15_000 }).toBe(true);
    const refused = 'Keine Verbindung zum Dienst (Verbindung abgelehnt); er ist vielleicht nicht in Betrieb, oder die Serveradresse stimmt nicht.';
    expect(await error.textContent()).toBe(refused);
    const waiting = panel.getByRole('listitem').filter({ hasText: 'Nachzügler.csv' });
    await expect.poll(() => waiting.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await waiting.locator('.problem').textContent()).toBe(refused);
    // The change itself is named in German too.
    expect(await waiting.locator('strong').textContent()).toBe('Import anlegen für Termin 4711 (Nachzügler.csv)');
    // Giving it up says first, in German, what is lost; turned down, it waits on.
    await waiting.getByRole('button', { name: 'Verwerfen…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Diese Änderung verwerfen?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(
      'Das Senden von Nachzügler.csv an Termin 4711 endet hier; nichts davon hat den Dienst erreicht. Die Tabellendatei selbst bleibt unberührt.',
    );
    const asked = await axeCheck(page, 'sync-discard-de');
    expect(asked.seriousOrCritical, JSON.stringify(asked.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'sync-discard-de');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await waiting.isVisible()).toBe(true);
    const look = await axeCheck(page, 'sync-offline-de');
    expect(look.seriousOrCritical, JSON.stringify(look.seriousOrCritical)).toEqual([]);
    await screenshots(page, 'sync-offline-de');
  }, 60_000);
});
