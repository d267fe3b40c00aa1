/**
 * The page never names a file. Every AppApi method is called, as a compromised page would,
 * with each of its text arguments set to a path of something private (the system's password
 * file, the preview's own token file) and with `file` and `path` slipped in beside each
 * object's fields: nothing of those files comes back, in any answer or event. A sheet is
 * read only through a grant the main side issued.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_API_METHODS, type AppApiMethod, type AppEvent } from '../../../../src/core/contract/app-api';
import { APP_API_SCHEMAS } from '../../../../src/core/contract/app-api-schemas/index';
import { createAppService, type AppService } from '../../../../src/services/app/app-api';
import { dispatchAppApi } from '../../../../src/services/app/dispatch';
import { PREVIEW_TOKENS_FILE } from '../../../../src/services/app/token-vault';
import { startTestService, type TestService } from '../../../support/service';

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema | Schema[]; anyOf?: Schema[]; enum?: unknown[]; const?: unknown; minimum?: number; minItems?: number };

/** A value of the schema's shape; each text in it is `text(slot)`, its slots numbered in order. */
function sample(schema: Schema, text: (slot: number) => string, extra: Record<string, string>, counter = { n: 0 }): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sample(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0], text, extra, counter);
  switch (schema.type) {
    case 'string':
      return text(counter.n++);
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      if (Array.isArray(schema.items)) return schema.items.map((item) => sample(item, text, extra, counter));
      return schema.items && (schema.minItems ?? 0) > 0 ? [sample(schema.items, text, extra, counter)] : [];
    case 'object': {
      const value: Record<string, unknown> = { ...extra };
      for (const [name, property] of Object.entries(schema.properties ?? {})) value[name] = sample(property, text, extra, counter);
      return value;
    }
    default:
      return {};
  }
}

function textSlots(schema: Schema): number {
  let n = 0;
  sample(schema, () => String(n++), {});
  return n;
}

const PASSWD_LINE = /root:[^:\n]*:0:0:/;

let service: TestService;
let dir: string;
let app: AppService;
const events: AppEvent[] = [];

beforeAll(async () => {
  service = await startTestService();
  dir = mkdtempSync(join(tmpdir(), 'muster-grants-'));
  app = createAppService({ dataDir: join(dir, 'app') });
  app.subscribe((event) => events.push(event));
  await app.api['accounts.add']({ label: 'Office', serverUrl: service.url, token: service.token });
  await app.api['events.add']({ externalEventId: 4711 });
  const sheet = join(dir, 'list.csv');
  writeFileSync(sheet, 'external_id,name,email\na1,Ada,ada@example.com\n');
  await app.api['drafts.open']({ grant: app.grantFile(sheet).grant, externalEventId: 4711 });
});

afterAll(async () => {
  await app?.close();
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('files reach the main side only as grants', () => {
  it('names no path or file in any method’s arguments', () => {
    const named: string[] = [];
    const walk = (method: string, schema: Schema, at: string) => {
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (/^(path|file|filename|dir|directory|folder)$|(Path|File|Dir|Folder)$/.test(name)) named.push(`${method} ${at}.${name}`);
        walk(method, property, `${at}.${name}`);
      }
      for (const inner of [...(Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : []), ...(schema.anyOf ?? [])]) walk(method, inner, at);
    };
    for (const method of APP_API_METHODS) walk(method, APP_API_SCHEMAS[method].args as Schema, '');
    expect(named).toEqual([]);
  });

  it('gives nothing of a private file back through any method, whatever text names it', async () => {
    const tokenFile = join(dir, 'app', PREVIEW_TOKENS_FILE);
    expect(readFileSync(tokenFile, 'utf8')).toContain(service.token);
    expect(readFileSync('/etc/passwd', 'utf8')).toMatch(PASSWD_LINE);
    const hostile = ['/etc/passwd', tokenFile, `file://${tokenFile}`, '../../../../../../etc/passwd', `${dir}/app/../app/${PREVIEW_TOKENS_FILE}`];
    // Removing the account last, so every other method runs with one in use.
    const methods = [...APP_API_METHODS].sort((a, b) => Number(a === 'accounts.remove') - Number(b === 'accounts.remove'));
    const answers: { method: AppApiMethod; text: string }[] = [];
    let calls = 0;
    for (const method of methods) {
      const schema = APP_API_SCHEMAS[method].args as Schema;
      const slots = textSlots(schema);
      for (const path of hostile) {
        const variants = [
          ...Array.from({ length: slots }, (_, slot) => sample(schema, (n) => (n === slot ? path : 'x'), {})),
          sample(schema, () => path, { file: path, path }),
        ];
        for (const args of variants) {
          const envelope = await dispatchAppApi(app.api, method, args);
          calls++;
          answers.push({ method, text: JSON.stringify(envelope) });
          // A download the answer offers is read too: it must hold nothing of those files either.
          const download = envelope.ok ? (envelope.value as { download?: { id: string } | null } | null)?.download : null;
          if (download) answers.push({ method, text: readFileSync(app.downloads.take(download.id)!.path, 'utf8') });
        }
      }
    }
    expect(calls).toBeGreaterThan(APP_API_METHODS.length * hostile.length);
    const leaks = answers.filter(({ text }) => PASSWD_LINE.test(text) || text.includes(service.token)).map((a) => a.method);
    expect(leaks).toEqual([]);
    expect(JSON.stringify(events)).not.toMatch(PASSWD_LINE);
    expect(JSON.stringify(events)).not.toContain(service.token);
  }, 120_000);

  it('refuses a grant it did not issue, in a sentence, and reads a granted file', async () => {
    const forged = 'A'.repeat(32);
    await expect(app.api['drafts.inspect']({ grant: forged, externalEventId: 4711 })).rejects.toMatchObject({ code: 'no_grant', message: 'Muster no longer has that file open. Choose the spreadsheet again.' });
    await expect(app.api['drafts.open']({ grant: forged, externalEventId: 4711 })).rejects.toMatchObject({ code: 'no_grant' });
    const sheet = join(dir, 'second.csv');
    writeFileSync(sheet, 'external_id,name,email\nb1,Bo,bo@example.com\n');
    const granted = app.grantFile(sheet);
    expect(granted).toEqual({ grant: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), name: 'second.csv', size: 44 });
    expect((await app.api['drafts.inspect']({ grant: granted.grant, externalEventId: 4711 })).rows).toBe(1);
    const folder = join(dir, 'h1');
    mkdirSync(folder);
    // The name keeps its case: the sentence does not begin with it.
    expect(() => app.grantFile(folder)).toThrow('The folder h1 is not a spreadsheet; choose the file itself.');
  });

  it('takes a file the browser sends in parts, refuses one too large or out of order, and grants the copy', async () => {
    const bytes = Buffer.from('external_id,name,email\nc1,Cy,cy@example.com\n');
    await expect(app.api['files.beginUpload']({ name: 'huge.xlsx', size: 300 * 1024 * 1024 })).rejects.toMatchObject({ code: 'too_large', message: 'huge.xlsx is 300 MB; Muster reads spreadsheets of up to 200 MB.' });
    const { upload } = await app.api['files.beginUpload']({ name: '../../evil/Liste.csv', size: bytes.length });
    expect(await app.api['files.uploadPart'](upload, { offset: 0, data: bytes.subarray(0, 10).toString('base64') })).toEqual({ received: 10 });
    expect(await app.api['files.uploadPart'](upload, { offset: 10, data: bytes.subarray(10).toString('base64') })).toEqual({ received: bytes.length });
    const granted = await app.api['files.finishUpload'](upload);
    expect(granted).toMatchObject({ name: 'Liste.csv', size: bytes.length });
    expect((await app.api['drafts.inspect']({ grant: granted.grant, externalEventId: 4711 })).rows).toBe(1);
    // A part that skips ahead ends that upload.
    const skipping = (await app.api['files.beginUpload']({ name: 'a.csv', size: 20 })).upload;
    await expect(app.api['files.uploadPart'](skipping, { offset: 5, data: 'AAAA' })).rejects.toMatchObject({ code: 'bad_upload' });
    await expect(app.api['files.finishUpload'](skipping)).rejects.toMatchObject({ code: 'no_upload' });
  });
});
