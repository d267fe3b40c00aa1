import { describe, expect, it, vi } from 'vitest';
import { menuTemplate } from '../../../src/main/menu';

const roles = (items: any[]): string[] => items.flatMap((item) => [item.role, ...(Array.isArray(item.submenu) ? roles(item.submenu) : [])]).filter(Boolean);

describe('the application menu', () => {
  it('has the macOS app menu on macOS only, and the usual edit and window menus everywhere', () => {
    const actions = { openDataFolder: vi.fn(), showSyncPanel: vi.fn() };
    const mac = menuTemplate('darwin', actions, false);
    const win = menuTemplate('win32', actions, false);
    expect(mac[0]).toEqual({ role: 'appMenu' });
    expect(roles(win)).not.toContain('appMenu');
    for (const template of [mac, win]) expect(roles(template)).toEqual(expect.arrayContaining(['editMenu', 'windowMenu', 'zoomIn', 'resetZoom']));
    expect(roles(win)).toContain('quit');
    expect(roles(mac)).toContain('close');
  });

  it('offers developer tools only in development', () => {
    const actions = { openDataFolder: vi.fn(), showSyncPanel: vi.fn() };
    expect(roles(menuTemplate('linux', actions, false))).not.toContain('toggleDevTools');
    expect(roles(menuTemplate('linux', actions, true))).toContain('toggleDevTools');
  });

  it('carries out the app’s own commands, with a shortcut for the sync panel', () => {
    const actions = { openDataFolder: vi.fn(), showSyncPanel: vi.fn() };
    const file = menuTemplate('win32', actions, false)[0].submenu as any[];
    const sync = file.find((item) => item.label === 'Sync…');
    expect(sync.accelerator).toBe('CmdOrCtrl+Shift+S');
    sync.click();
    file.find((item) => item.label === 'Open Data Folder').click();
    expect(actions.showSyncPanel).toHaveBeenCalledOnce();
    expect(actions.openDataFolder).toHaveBeenCalledOnce();
  });
});
