import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_API_CHANNEL, APP_GRANT_CHANNEL, type AppApi } from '../../../src/core/contract/app-api';

const ipc = vi.hoisted(() => ({ ipcMain: null as any }));
vi.mock('electron', async () => {
  const { fakeIpcMain } = await import('./fake-electron');
  ipc.ipcMain = fakeIpcMain();
  return { ipcMain: ipc.ipcMain };
});

const { createAppApiHandler, createGrantHandler, registerAppApi } = await import('../../../src/main/ipc');
const { createAppApi, createAppService } = await import('../../../src/services/app/app-api');
const { ApiError } = await import('../../../src/core/contract/api-error');

const OWN = 'file:///app/out/renderer/index.html';
const isOwn = (url: string) => url === OWN;
const api = createAppApi({ dataDir: '/data', version: '1.2.3', platform: 'darwin' });

/** An invoke event as Electron builds it: the sender's frame, top-level unless told. */
function event(url: string | null, parent: object | null = null) {
  return { senderFrame: url === null ? null : { url, parent } } as never;
}

describe('the AppApi IPC handler', () => {
  const handler = createAppApiHandler(api, isOwn);

  it('answers the app page with an ok envelope', async () => {
    expect(await handler(event(OWN), { method: 'app.info', args: [] })).toEqual({
      ok: true,
      value: { name: 'Muster', version: '1.2.3', platform: 'darwin', dataDir: '/data' },
    });
  });

  it.each([
    ['another page', event('https://evil.example/')],
    ['another local file', event('file:///tmp/evil.html')],
    ['a subframe of the app page', event(OWN, { url: OWN })],
    ['a frame that is gone', event(null)],
  ])('refuses %s and runs nothing', async (_who, sender) => {
    const spy = vi.fn(api['app.info']);
    const guarded = createAppApiHandler({ 'app.info': spy } as unknown as AppApi, isOwn);
    expect(await guarded(sender, { method: 'app.info', args: [] })).toMatchObject({ ok: false, code: 'forbidden_sender' });
    expect(spy).not.toHaveBeenCalled();
  });

  it.each([
    ['an unknown method', { method: 'fs.readFile', args: ['/etc/passwd'] }, 'unknown_method'],
    ['a prototype key as method', { method: 'constructor', args: [] }, 'unknown_method'],
    ['a method that is not a string', { method: 42, args: [] }, 'unknown_method'],
    ['arguments that are not an array', { method: 'app.info', args: 'x' }, 'bad_arguments'],
    ['extra arguments', { method: 'app.info', args: [1] }, 'bad_arguments'],
    ['a message without args', { method: 'app.info' }, 'bad_request'],
    ['a message that is not an object', 'app.info', 'bad_request'],
  ])('answers %s with a failure envelope', async (_what, message, code) => {
    const answer = await handler(event(OWN), message);
    expect(answer).toMatchObject({ ok: false, code });
    expect(answer.ok === false && answer.message).toMatch(/^[^\n]+\.$/);
  });

  it('refuses arguments that do not fit the method’s schema with a sentence saying what it takes', async () => {
    expect(await handler(event(OWN), { method: 'app.info', args: [1, 2] })).toEqual({ ok: false, code: 'bad_arguments', message: 'The action "app.info" takes 0 arguments, not 2.', details: [] });
  });

  it('turns a thrown error into one sentence without its stack', async () => {
    const failing = {
      'app.info': async () => {
        throw new Error('database is locked\n    at Database.prepare (/secret/path.js:1:1)');
      },
    } as unknown as AppApi;
    const answer = await createAppApiHandler(failing, isOwn)(event(OWN), { method: 'app.info', args: [] });
    expect(answer).toEqual({ ok: false, code: 'internal_error', message: 'Muster could not do that: database is locked', details: [] });
  });

  it('passes a deliberate refusal through with its own code, sentence and details', async () => {
    const refusing = {
      'app.info': async () => {
        throw new ApiError('keychain_locked', 'The keychain is locked.', [{ field: 'token', message: 'cannot be read now' }]);
      },
    } as unknown as AppApi;
    expect(await createAppApiHandler(refusing, isOwn)(event(OWN), { method: 'app.info', args: [] })).toEqual({
      ok: false,
      code: 'keychain_locked',
      message: 'The keychain is locked.',
      details: [{ field: 'token', message: 'cannot be read now' }],
    });
  });

  it('is registered on the one channel and can be taken down again', async () => {
    const unregister = registerAppApi(api, isOwn);
    const registered = ipc.ipcMain.handlers.get(APP_API_CHANNEL);
    expect([...ipc.ipcMain.handlers.keys()]).toEqual([APP_API_CHANNEL]);
    expect(await registered(event('https://evil.example/'), { method: 'app.info', args: [] })).toMatchObject({ ok: false });
    expect(await registered(event(OWN), { method: 'app.info', args: [] })).toMatchObject({ ok: true });
    unregister();
    expect(ipc.ipcMain.handlers.size).toBe(0);
  });

  it('registers the dropped-file channel beside it when the host grants files, and takes both down', () => {
    const unregister = registerAppApi(api, isOwn, () => ({ grant: 'g'.repeat(32), name: 'x', size: 0 }));
    expect([...ipc.ipcMain.handlers.keys()].sort()).toEqual([APP_API_CHANNEL, APP_GRANT_CHANNEL].sort());
    unregister();
    expect(ipc.ipcMain.handlers.size).toBe(0);
  });
});

describe('the dropped-file channel', () => {
  const dir = mkdtempSync(join(tmpdir(), 'muster-grant-'));
  const sheet = join(dir, 'list.csv');
  writeFileSync(sheet, 'name,email\nAda,ada@example.com\n');
  const service = createAppService({ dataDir: dir });
  const handler = createGrantHandler(service.grantFile, isOwn);

  it('gives the app page a grant the drafts accept for the dropped file, naming no path', async () => {
    const answer = await handler(event(OWN), sheet);
    expect(answer).toMatchObject({ ok: true, value: { name: 'list.csv', size: 31 } });
    expect(JSON.stringify(answer)).not.toContain(dir);
  });

  it.each([
    ['another page', event('https://evil.example/'), sheet, 'forbidden_sender'],
    ['a subframe', event(OWN, { url: OWN }), sheet, 'forbidden_sender'],
    ['a folder', event(OWN), dir, 'not_a_file'],
    ['no path (a File the page made)', event(OWN), '', 'not_a_file'],
    ['something not a path', event(OWN), { path: sheet }, 'not_a_file'],
  ])('refuses %s', async (_what, sender, path, code) => {
    expect(await handler(sender, path)).toMatchObject({ ok: false, code });
  });
});
