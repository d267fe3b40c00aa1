/**
 * `muster status` and `muster outbox` speak the person's language, as `muster check` does:
 * the built command line, run as a person runs it, over a mirror holding a push the real
 * reference service refused; English by default, German from LANG or --lang.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN } from '../support/built-cli';
import { startTestService, type TestService } from '../support/service';

let dir: string;
let service: TestService;

/** The environment with only the language a test gives: the machine's own locale would choose the words otherwise. */
function envWith(env: Record<string, string>) {
  const { MUSTER_DATA_DIR: _data, LC_ALL: _all, LC_MESSAGES: _messages, LANG: _lang, ...base } = process.env;
  return { ...base, ...env };
}

/** `muster ARGS` for the commands that read the mirror alone (no network). */
const muster = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', timeout: 30_000, env: envWith(env) });

/** `muster ARGS` that talks to the service, which answers from this process: it must not be blocked meanwhile. */
function musterOnline(args: string[], env: Record<string, string>): Promise<{ status: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: envWith(env) });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.once('exit', (status) => done({ status, stderr }));
  });
}

const place = () => ['--server', service.url, '--data', join(dir, 'data')];

beforeAll(async () => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'muster-cli-languages-'));
  service = await startTestService();
  writeFileSync(join(dir, 'Liste.csv'), 'External ID,Name,E-mail\nx1,Ada,ada@example.com\n');
  // No event carries 999999: the service refuses the import, and the push waits in the outbox.
  const pushed = await musterOnline(['push', 'Liste.csv', '--event', '999999', ...place()], { MUSTER_TOKEN: service.token });
  expect(pushed.status).toBe(1);
}, 60_000);

afterAll(async () => {
  await service?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('muster status and muster outbox in the person’s language', () => {
  it('say the outbox in English by default', () => {
    const status = muster(['status', ...place()]);
    expect(status.stdout).toMatch(/^Outbox: 0 waiting, 0 being sent, 0 sent, 1 refused, \d+ blocked\.$/m);
    expect(status.stdout).toMatch(/^ {2}draft 1 Liste\.csv → event 999999: failed/m);
    const outbox = muster(['outbox', ...place()]);
    expect(outbox.stdout).toMatch(/^ +\d+ {2}refused {3} {2}Create the import for event 999999 \(Liste\.csv\) — The service has no such record \(404\)/m);
  });

  it('say the counts, the pushes and the changes in German from LANG', () => {
    const status = muster(['status', ...place()], { LANG: 'de_DE.UTF-8' });
    expect(status.status).toBe(0);
    const english = muster(['status', ...place()]).stdout;
    const blocked = /(\d+) blocked\./.exec(english)![1];
    expect(status.stdout).toContain(`\nAusgang: 0 wartend, 0 im Versand, 0 gesendet, 1 abgelehnt, ${blocked} blockiert.\n`);
    expect(status.stdout).toMatch(/^Letzte erfolgreiche Synchronisierung: /m);
    expect(status.stdout).toContain('\nAbgelehnte und blockierte Änderungen bleiben, bis Sie handeln:');
    expect(status.stdout).toMatch(/^ {2}Entwurf 1 Liste\.csv → Termin 999999: fehlgeschlagen/m);
    // The failed call is said in German too; only the service's own words, quoted, stay as it wrote them.
    expect(status.stdout).toContain('fehlgeschlagen — Der Dienst hat keinen solchen Datensatz (404). Der Dienst sagte: „');
    expect(status.stdout.replace(/„[^“]*“/g, '')).not.toMatch(/\b(Outbox|waiting|refused|blocked|Pushes|draft|event|service)\b/);

    const outbox = muster(['outbox', ...place()], { LANG: 'de_DE.UTF-8' });
    expect(outbox.stdout.split('\n')[0]).toBe('Noch nicht gesendete Änderungen:');
    // The change's name and the failed call's sentence are the catalog's, as the app's sync panel says them.
    expect(outbox.stdout).toMatch(/^ +\d+ {2}abgelehnt +Import anlegen für Termin 999999 \(Liste\.csv\) — Der Dienst hat keinen solchen Datensatz \(404\)/m);
    expect(outbox.stdout).toContain('--retry ID (oder all) versucht es erneut, --discard ID gibt die Änderung auf.');
  });

  it('say what giving a change up loses in the language of --lang, over LANG', () => {
    const id = /^ +(\d+) {2}refused/m.exec(muster(['outbox', ...place()]).stdout)![1];
    const asked = muster(['outbox', ...place(), '--discard', id, '--lang', 'fr'], { LANG: 'de_DE.UTF-8' });
    expect(asked.status).toBe(1);
    expect(asked.stdout).toBe(
      'L’envoi de Liste.csv à l’événement 999999 s’arrête ici ; rien n’a atteint le service. Le fichier du tableau lui-même n’est pas modifié.\n'
      + 'Rien n’a encore changé : ajoutez --yes pour l’abandonner.\n',
    );
    const retried = muster(['outbox', ...place(), '--retry', 'all', '--lang', 'es']);
    expect(retried.stdout).toBe(`1 cambio espera a enviarse de nuevo; muster sync --server ${service.url} lo envía.\n`);
    const discarded = muster(['outbox', ...place(), '--discard', id, '--yes'], { LANG: 'de_DE.UTF-8' });
    expect(discarded.stdout).toMatch(/^Verworfen\. Das Senden von Liste\.csv an Termin 999999 endet hier;/);
    expect(muster(['outbox', ...place()], { LANG: 'de_DE.UTF-8' }).stdout).toBe('Im Ausgang wartet nichts.\n');
  });
});
