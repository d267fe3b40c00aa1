import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => {
  const fake = await import('./fake-electron');
  return { BrowserWindow: fake.FakeBrowserWindow };
});

const { createMainWindow, secureWindowOptions } = await import('../../../src/main/window');
const { FakeBrowserWindow } = await import('./fake-electron');

const location = { url: 'file:///app/out/renderer/index.html', isOwn: () => true };

describe('the main window', () => {
  beforeEach(() => {
    FakeBrowserWindow.created.length = 0;
  });

  it('follows the Electron security checklist', () => {
    const prefs = secureWindowOptions('/app/out/preload/index.cjs').webPreferences!;
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
    });
  });

  it('is created with those options and loads only the app page', () => {
    const window = createMainWindow('/p.cjs', location) as unknown as InstanceType<typeof FakeBrowserWindow>;
    expect(window.options).toEqual(secureWindowOptions('/p.cjs'));
    expect(window.loaded).toBe(location.url);
  });

  it('cannot be navigated, redirected or given a webview', () => {
    const window = createMainWindow('/p.cjs', location) as unknown as InstanceType<typeof FakeBrowserWindow>;
    expect(window.webContents.attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(window.webContents.attempt('will-navigate', location.url)).toBe(true);
    expect(window.webContents.attempt('will-redirect', 'https://evil.example/')).toBe(true);
    expect(window.webContents.attempt('will-attach-webview', {}, {})).toBe(true);
  });

  it('denies every new window', () => {
    const window = createMainWindow('/p.cjs', location) as unknown as InstanceType<typeof FakeBrowserWindow>;
    expect(window.webContents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(window.webContents.windowOpenHandler?.({ url: location.url })).toEqual({ action: 'deny' });
  });

  it('shows itself only once painted', () => {
    const window = createMainWindow('/p.cjs', location) as unknown as InstanceType<typeof FakeBrowserWindow>;
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalledTimes(1);
  });
});
