import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import { lockDownContents } from './security';
import type { RendererLocation } from './renderer-location';
import type { WindowState } from './window-state';

/** The Electron security checklist, as options: the page gets no Node and no way out. */
export function secureWindowOptions(preload: string): BrowserWindowConstructorOptions {
  return {
    width: 1100,
    height: 760,
    minWidth: 720,
    minHeight: 480,
    title: 'Muster',
    show: false,
    backgroundColor: '#f6f7fb',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      spellcheck: true,
    },
  };
}

export function createMainWindow(preload: string, location: RendererLocation, state: WindowState | null = null, openExternal?: (url: string) => Promise<void>): BrowserWindow {
  const window = new BrowserWindow({ ...secureWindowOptions(preload), ...(state ? state.bounds : {}) });
  if (state?.maximized) window.maximize();
  lockDownContents(window.webContents, openExternal);
  // Showing once painted avoids a white flash before the styles arrive.
  window.once('ready-to-show', () => window.show());
  void window.loadURL(location.url);
  return window;
}
