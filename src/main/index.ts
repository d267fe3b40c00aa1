import { app, BrowserWindow, dialog, Menu, screen, session, shell } from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_EVENT_CHANNEL } from '../core/contract/app-api';
import { SHEET_EXTENSIONS } from '../core/contract/app-api-schemas/files';
import { startDemoService } from '../server/demo';
import { createAppService, type AppService } from '../services/app/app-api';
import { sampleSheetIn } from '../services/app/sample-sheet';
import { keychainVault } from './keychain-vault';
import { menuTemplate } from './menu';
import { startUpdater } from './updater';
import { restorableState, writeWindowState } from './window-state';
import { registerAppScheme, serveAppScheme } from './app-protocol';
import { registerAppApi } from './ipc';
import { rendererLocation } from './renderer-location';
import { lockDownContents, lockDownSession } from './security';
import { createMainWindow } from './window';

// Built to out/main/index.js; the preload and the page are its siblings under out/.
const preload = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const rendererDir = fileURLToPath(new URL('../renderer/', import.meta.url));
const location = rendererLocation({ devServerUrl: process.env.ELECTRON_RENDERER_URL, packaged: app.isPackaged });

// Every renderer is sandboxed, including any a future feature creates by accident.
app.enableSandbox();
// The page loads from app://, not file:// (schemes can be made privileged only before ready).
registerAppScheme();

// A second launch focuses the running window instead of opening a second mirror writer.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  const stateFile = () => join(app.getPath('userData'), 'window-state.json');
  const openExternal = (url: string) => shell.openExternal(url);
  const open = () => {
    const remembered = restorableState(stateFile(), screen.getAllDisplays().map((d) => d.workArea));
    const created = createMainWindow(preload, location, remembered, openExternal);
    window = created;
    created.on('close', () => writeWindowState(stateFile(), { bounds: created.getNormalBounds(), maximized: created.isMaximized() }));
    created.on('closed', () => (window = null));
  };

  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  // Guards every web contents, not only the main window's, as the checklist advises.
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents, openExternal));

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) open();
  });

  let service: AppService | null = null;
  // Quitting waits for the services to let go: a running sync stops cleanly, the demo's
  // database and lock are released and the open draft's mirror handle is closed.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed || !service) return;
    event.preventDefault();
    closed = true;
    void service.close().finally(() => app.exit(0));
  });

  void app.whenReady().then(() => {
    lockDownSession(session.defaultSession);
    serveAppScheme(rendererDir);
    const dataDir = app.getPath('userData');
    // Packaged: electron-builder's extraResources; from the sources: the repository's resources/.
    const resources = app.isPackaged ? process.resourcesPath : fileURLToPath(new URL('../../resources/', import.meta.url));
    const created = createAppService({
      dataDir,
      name: app.getName(),
      version: app.getVersion(),
      tokens: keychainVault(join(dataDir, 'tokens')),
      demo: startDemoService,
      ...(resources ? { sampleSheet: sampleSheetIn(resources) } : {}),
      chooseSheet: async () => {
        const options = { properties: ['openFile' as const], filters: [{ name: 'Spreadsheets', extensions: [...SHEET_EXTENSIONS] }] };
        const chosen = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
        return chosen.canceled ? null : (chosen.filePaths[0] ?? null);
      },
      chooseSavePath: async (suggestedName) => {
        const options = { defaultPath: join(app.getPath('documents'), suggestedName), filters: [{ name: suggestedName.endsWith('.csv') ? 'CSV' : 'Excel workbook', extensions: [suggestedName.split('.').pop()!] }] };
        const chosen = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
        return chosen.canceled || !chosen.filePath ? null : chosen.filePath;
      },
      showPath: async (path) => {
        shell.showItemInFolder(path);
        return true;
      },
      autoSyncMs: 60_000,
    });
    service = created;
    registerAppApi(created.api, location.isOwn, created.grantFile);
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate(process.platform, {
          openDataFolder: () => void created.api['files.openDataFolder'](),
          showSyncPanel: () => window?.webContents.send(APP_EVENT_CHANNEL, { type: 'command', command: 'open-sync' }),
        }, !app.isPackaged),
      ),
    );
    void startUpdater(async () => (await import('electron-updater')).default.autoUpdater, {
      packaged: app.isPackaged,
      resourcesPath: process.resourcesPath ?? '',
      log: (message) => console.warn(message),
      askToRestart: async (version) => {
        const options = { type: 'question' as const, buttons: ['Restart now', 'Later'], defaultId: 0, cancelId: 1, message: `Muster ${version} is ready.`, detail: 'Restart Muster to use it. Your work is saved.' };
        const answer = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
        return answer.response === 0;
      },
    });
    // The event stream goes to the app's own window only, on its one channel.
    created.subscribe((event) => {
      if (window && !window.isDestroyed()) window.webContents.send(APP_EVENT_CHANNEL, event);
    });
    open();
  });
}
