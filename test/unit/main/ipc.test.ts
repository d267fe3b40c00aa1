import { describe, expect, it, vi } from 'vitest';
import { APP_API_CHANNEL, type AppApi } from '../../../src/core/contract/app-api';

const ipc = vi.hoisted(() => ({ ipcMain: null as any }));
vi.mock('electron', async () => {
  const { fakeIpcMain } = await import('./fake-electron');
  ipc.ipcMain = fakeIpcMain();
  return { ipcMain: ipc.ipcMain };
});

const { createAppApiHandler, registerAppApi } = await import('../../../src/main/ipc');
const { createAppApi } = await import('../../../src/services/app/app-api');
const { ApiError } = await import('../../../src/core/contract/errors');

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
});
