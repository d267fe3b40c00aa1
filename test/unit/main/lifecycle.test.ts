import { beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_API_CHANNEL } from '../../../src/core/contract/app-api';

/** The whole main entry, run against a fake Electron: what it sets up before the first window. */
const electron = vi.hoisted(() => ({
  appEvents: new Map<string, (...args: any[]) => void>(),
  calls: [] as string[],
  ready: null as null | (() => void),
  session: null as any,
  ipc: null as any,
}));

vi.mock('electron', async () => {
  const fake = await import('./fake-electron');
  electron.session = new fake.FakeSession();
  electron.ipc = fake.fakeIpcMain();
  const whenReady = new Promise<void>((resolve) => (electron.ready = resolve));
  return {
    app: {
      isPackaged: true,
      enableSandbox: () => electron.calls.push('enableSandbox'),
      requestSingleInstanceLock: () => true,
      on: (name: string, listener: (...args: any[]) => void) => electron.appEvents.set(name, listener),
      whenReady: () => whenReady,
      getPath: (name: string) => `/users/ada/${name}`,
      getName: () => 'Muster',
      getVersion: () => '0.1.0',
      quit: () => electron.calls.push('quit'),
    },
    BrowserWindow: fake.FakeBrowserWindow,
    ipcMain: electron.ipc,
    session: { defaultSession: electron.session },
  };
});

const { FakeBrowserWindow, FakeWebContents } = await import('./fake-electron');

describe('the main process entry', () => {
  beforeAll(async () => {
    await import('../../../src/main/index');
  });

  it('sandboxes every renderer before anything is ready', () => {
    expect(electron.calls).toEqual(['enableSandbox']);
    expect(FakeBrowserWindow.created).toHaveLength(0);
  });

  it('locks down any web contents created later, not only the main window', () => {
    const contents = new FakeWebContents();
    electron.appEvents.get('web-contents-created')!({}, contents);
    expect(contents.attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });

  it('once ready: locks the session, registers the one IPC channel, opens one secure window', async () => {
    electron.ready!();
    await vi.waitFor(() => expect(FakeBrowserWindow.created).toHaveLength(1));
    expect(electron.session.headersListener).toBeTypeOf('function');
    expect(electron.session.permissionRequest).toBeTypeOf('function');
    expect([...electron.ipc.handlers.keys()]).toEqual([APP_API_CHANNEL]);
    const window = FakeBrowserWindow.created[0];
    expect(window.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(window.options.webPreferences.preload).toMatch(/out\/preload\/index\.cjs$|preload[\\/]index\.cjs$/);
    expect(window.loaded).toMatch(/^file:\/\/.*\/renderer\/index\.html$/);
  });

  it('answers the window’s page with the userData folder, and nobody else', async () => {
    const handler = electron.ipc.handlers.get(APP_API_CHANNEL);
    const own = FakeBrowserWindow.created[0].loaded!;
    const answer = await handler({ senderFrame: { url: own, parent: null } }, { method: 'app.info', args: [] });
    expect(answer).toMatchObject({ ok: true, value: { name: 'Muster', version: '0.1.0', dataDir: '/users/ada/userData' } });
    const foreign = await handler({ senderFrame: { url: 'https://evil.example/', parent: null } }, { method: 'app.info', args: [] });
    expect(foreign).toMatchObject({ ok: false, code: 'forbidden_sender' });
  });
});
