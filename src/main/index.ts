import { app, BrowserWindow, session, shell } from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_EVENT_CHANNEL } from '../core/contract/app-api';
import { startDemoService } from '../server/demo';
import { createAppService, type AppService } from '../services/app/app-api';
import { keychainVault } from './keychain-vault';
import { registerAppApi } from './ipc';
import { rendererLocation } from './renderer-location';
import { lockDownContents, lockDownSession } from './security';
import { createMainWindow } from './window';

// Built to out/main/index.js; the preload and the page are its siblings under out/.
const preload = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const location = rendererLocation({
  indexFile: fileURLToPath(new URL('../renderer/index.html', import.meta.url)),
  devServerUrl: process.env.ELECTRON_RENDERER_URL,
  packaged: app.isPackaged,
});

// Every renderer is sandboxed, including any a future feature creates by accident.
app.enableSandbox();

// A second launch focuses the running window instead of opening a second mirror writer.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  const open = () => {
    window = createMainWindow(preload, location);
    window.on('closed', () => (window = null));
  };

  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  // Guards every web contents, not only the main window's, as the checklist advises.
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents));

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) open();
  });

  let service: AppService | null = null;
  app.on('will-quit', () => void service?.close());

  void app.whenReady().then(() => {
    lockDownSession(session.defaultSession);
    const dataDir = app.getPath('userData');
    service = createAppService({
      dataDir,
      name: app.getName(),
      version: app.getVersion(),
      tokens: keychainVault(join(dataDir, 'tokens')),
      demo: startDemoService,
      showPath: async (path) => {
        shell.showItemInFolder(path);
        return true;
      },
      autoSyncMs: 60_000,
    });
    registerAppApi(service.api, location.isOwn);
    // The event stream goes to the app's own window only, on its one channel.
    service.subscribe((event) => {
      if (window && !window.isDestroyed()) window.webContents.send(APP_EVENT_CHANNEL, event);
    });
    open();
  });
}
