/**
 * The application menu: the usual roles (and shortcuts) of each platform, the macOS app menu,
 * and the app's own commands. Built as a plain template so a test can read it.
 */
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openDataFolder(): void;
  showSyncPanel(): void;
}

export function menuTemplate(platform: string, actions: MenuActions, devTools: boolean): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  return [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    {
      label: '&File',
      submenu: [
        { label: 'Sync…', accelerator: 'CmdOrCtrl+Shift+S', click: () => actions.showSyncPanel() },
        { label: 'Open Data Folder', click: () => actions.openDataFolder() },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: '&View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(devTools ? [{ type: 'separator' as const }, { role: 'reload' as const }, { role: 'toggleDevTools' as const }] : []),
      ],
    },
    { role: 'windowMenu' },
  ];
}
