import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as yaml from 'js-yaml';
import { APP_API_CHANNEL, APP_GRANT_CHANNEL } from '../../../src/core/contract/app-api';
import { isAllowedExternalLink } from '../../../src/main/external-links';

/** The whole main entry, run against a fake Electron: what it sets up before the first window. */
const electron = vi.hoisted(() => ({
  appEvents: new Map<string, (...args: any[]) => void>(),
  calls: [] as string[],
  ready: null as null | (() => void),
  session: null as any,
  ipc: null as any,
  menu: null as any,
  isReady: false,
  schemes: [] as { scheme: string; privileges: Record<string, boolean>; beforeReady: boolean }[],
  protocols: new Map<string, (request: Request) => Promise<Response>>(),
}));

vi.mock('electron', async () => {
  const fake = await import('./fake-electron');
  electron.session = new fake.FakeSession();
  electron.ipc = fake.fakeIpcMain();
  const whenReady = new Promise<void>((resolve) => (electron.ready = () => {
    electron.isReady = true;
    resolve();
  }));
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
      exit: (code: number) => electron.calls.push(`exit ${code}`),
    },
    BrowserWindow: fake.FakeBrowserWindow,
    Menu: { buildFromTemplate: (template: unknown[]) => ({ template }), setApplicationMenu: (menu: unknown) => (electron.menu = menu) },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1440, height: 900 } }] },
    dialog: { showMessageBox: async () => ({ response: 1 }) },
    shell: { openExternal: async () => undefined, showItemInFolder: () => undefined },
    ipcMain: electron.ipc,
    session: { defaultSession: electron.session },
    protocol: {
      registerSchemesAsPrivileged: (schemes: { scheme: string; privileges: Record<string, boolean> }[]) => {
        electron.calls.push('registerSchemesAsPrivileged');
        for (const s of schemes) electron.schemes.push({ ...s, beforeReady: !electron.isReady });
      },
      // Electron refuses protocol.handle before ready; so does the fake.
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) => {
        if (!electron.isReady) throw new Error('protocol.handle before ready');
        electron.protocols.set(scheme, handler);
      },
    },
  };
});

const { FakeBrowserWindow, FakeWebContents } = await import('./fake-electron');

describe('the main process entry', () => {
  beforeAll(async () => {
    await import('../../../src/main/index');
  });

  it('sandboxes every renderer and makes the app scheme privileged before anything is ready', () => {
    expect(electron.calls).toEqual(['enableSandbox', 'registerSchemesAsPrivileged']);
    expect(electron.schemes).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }), beforeReady: true }]);
    expect(FakeBrowserWindow.created).toHaveLength(0);
  });

  it('locks down any web contents created later, not only the main window', () => {
    const contents = new FakeWebContents();
    electron.appEvents.get('web-contents-created')!({}, contents);
    expect(contents.attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });

  it('once ready: locks the session, registers the call channel and the dropped-file channel, opens one secure window', async () => {
    electron.ready!();
    await vi.waitFor(() => expect(FakeBrowserWindow.created).toHaveLength(1));
    expect(electron.session.headersListener).toBeTypeOf('function');
    expect(electron.session.permissionRequest).toBeTypeOf('function');
    expect([...electron.ipc.handlers.keys()]).toEqual([APP_API_CHANNEL, APP_GRANT_CHANNEL]);
    const window = FakeBrowserWindow.created[0];
    expect(window.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(window.options.webPreferences.preload).toMatch(/out\/preload\/index\.cjs$|preload[\\/]index\.cjs$/);
    expect(window.loaded).toBe('app://muster/index.html');
  });

  it('answers the page from the renderer folder on the app scheme, with the CSP, and nothing outside it', async () => {
    const handler = electron.protocols.get('app')!;
    const page = await handler(new Request(FakeBrowserWindow.created[0].loaded!));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<div id="app">');
    for (const url of ['app://muster/..%2fmain%2findex.ts', 'app://muster/..%5cmain%5cindex.ts', 'app://muster//etc/passwd', 'app://muster/%2e%2e/%2e%2e/package.json', 'app://elsewhere/index.html']) {
      const refused = await handler(new Request(url));
      expect(refused.status, url).toBe(404);
      expect(refused.headers.get('content-security-policy'), url).toContain("default-src 'self'");
    }
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

describe('quitting', () => {
  it('waits for the services to let go before the process exits, once', async () => {
    const quit = electron.appEvents.get('will-quit')!;
    let prevented = 0;
    quit({ preventDefault: () => prevented++ });
    await vi.waitFor(() => expect(electron.calls).toContain('exit 0'));
    expect(prevented).toBe(1);
    // The exit itself fires will-quit again: this time it goes through.
    quit({ preventDefault: () => prevented++ });
    expect(prevented).toBe(1);
  });
});

/**
 * Electron's security checklist (electronjs.org/docs/latest/tutorial/security), item by item,
 * on the shell the entry above built: each item fails here when the shell stops doing it.
 */
describe('the Electron security checklist, on the running shell', () => {
  const root = join(__dirname, '../../..');
  const window = () => FakeBrowserWindow.created[0];
  const prefs = () => window().options.webPreferences;

  it.each([
    ['2. no Node.js integration for remote content', () => expect(prefs()).toMatchObject({ nodeIntegration: false, nodeIntegrationInWorker: false, nodeIntegrationInSubFrames: false })],
    ['3. context isolation', () => expect(prefs().contextIsolation).toBe(true)],
    ['4. process sandboxing', () => {
      expect(prefs().sandbox).toBe(true);
      expect(electron.calls[0]).toBe('enableSandbox');
    }],
    ['5. permission requests denied', () => {
      const granted: boolean[] = [];
      for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) electron.session.permissionRequest({}, permission, (g: boolean) => granted.push(g));
      expect(granted).toEqual([false, false, false, false, false]);
      expect(electron.session.permissionCheck()).toBe(false);
      expect(electron.session.devicePermission()).toBe(false);
    }],
    ['6. webSecurity left on', () => expect(prefs().webSecurity).toBe(true)],
    ['7. a Content Security Policy on every response', () => {
      let headers: Record<string, string[]> = {};
      electron.session.headersListener({ responseHeaders: {} }, (r: { responseHeaders: Record<string, string[]> }) => (headers = r.responseHeaders));
      expect(headers['Content-Security-Policy'][0]).toContain("default-src 'self'");
      expect(headers['Content-Security-Policy'][0]).toContain("script-src 'self'");
    }],
    ['8. no insecure content', () => expect(prefs().allowRunningInsecureContent).toBe(false)],
    ['9. no experimental features', () => expect(prefs().experimentalFeatures).toBe(false)],
    ['10. no enableBlinkFeatures', () => expect(prefs().enableBlinkFeatures).toBeUndefined()],
    ['11. no webviews', () => {
      expect(prefs().webviewTag).toBe(false);
      expect(window().webContents.attempt('will-attach-webview', {}, {})).toBe(true);
    }],
    ['12. navigation denied', () => {
      expect(window().webContents.attempt('will-navigate', 'https://evil.example/')).toBe(true);
      expect(window().webContents.attempt('will-redirect', 'https://evil.example/')).toBe(true);
    }],
    ['13. new windows denied', () => {
      expect(window().webContents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
      expect(window().webContents.windowOpenHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    }],
    ['14. shell.openExternal only for https links the app shows', () => {
      expect(isAllowedExternalLink('https://docs.example/guide', ['docs.example'])).toBe(true);
      for (const url of ['http://docs.example/', 'file:///Applications/Calculator.app', 'smb://host/share', 'https://user:pw@docs.example/', 'https://evil.example/', 'javascript:alert(1)']) {
        expect(isAllowedExternalLink(url, ['docs.example']), url).toBe(false);
      }
    }],
    ['15. a current Electron', () => expect(Number(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies.electron.split('.')[0])).toBeGreaterThanOrEqual(40)],
    ['16. the IPC sender is validated', async () => {
      const handler = electron.ipc.handlers.get(APP_API_CHANNEL);
      expect(await handler({ senderFrame: { url: window().loaded, parent: { url: 'x' } } }, { method: 'app.info', args: [] })).toMatchObject({ code: 'forbidden_sender' });
    }],
    ['18. fuses set in the packaged app', () => {
      const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as { electronFuses: Record<string, boolean> };
      expect(config.electronFuses).toMatchObject({ runAsNode: false, enableCookieEncryption: true, onlyLoadAppFromAsar: true, enableNodeOptionsEnvironmentVariable: false, enableNodeCliInspectArguments: false, grantFileProtocolExtraPrivileges: false });
      // The page no longer needs file://: nothing the window loads is a file URL.
      expect(window().loaded).toMatch(/^app:\/\//);
    }],
    ['no remote module anywhere', () => {
      const pkg = readFileSync(join(root, 'package.json'), 'utf8');
      expect(pkg).not.toContain('@electron/remote');
      expect(prefs().enableRemoteModule).toBeUndefined();
    }],
  ])('%s', async (_item, check) => {
    expect(FakeBrowserWindow.created).toHaveLength(1);
    await check();
  });
});
