import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/**
 * Just enough of Electron's main-process objects to run the shell's code under Node: each
 * records what the shell asked of it so tests can check the outcome, not the calls alone.
 */
export class FakeWebContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  /** Emits an event the way Electron does and tells whether a listener prevented it. */
  attempt(name: string, ...args: unknown[]): boolean {
    let prevented = false;
    this.emit(name, { preventDefault: () => (prevented = true) }, ...args);
    return prevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static created: FakeBrowserWindow[] = [];
  webContents = new FakeWebContents();
  loaded: string | null = null;
  constructor(readonly options: Record<string, any>) {
    super();
    FakeBrowserWindow.created.push(this);
  }
  static getAllWindows() {
    return FakeBrowserWindow.created;
  }
  loadURL(url: string) {
    this.loaded = url;
    return Promise.resolve();
  }
  show = vi.fn();
  maximize = vi.fn();
  isMaximized = () => false;
  getNormalBounds = () => ({ x: 10, y: 20, width: this.options.width ?? 800, height: this.options.height ?? 600 });
  isMinimized = () => false;
  restore = vi.fn();
  focus = vi.fn();
}

export class FakeSession {
  headersListener: ((details: any, callback: (response: any) => void) => void) | null = null;
  permissionRequest: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null = null;
  permissionCheck: ((...args: unknown[]) => boolean) | null = null;
  devicePermission: ((...args: unknown[]) => boolean) | null = null;
  webRequest = { onHeadersReceived: (listener: FakeSession['headersListener']) => (this.headersListener = listener) };
  setPermissionRequestHandler(handler: FakeSession['permissionRequest']) {
    this.permissionRequest = handler;
  }
  setPermissionCheckHandler(handler: FakeSession['permissionCheck']) {
    this.permissionCheck = handler;
  }
  setDevicePermissionHandler(handler: FakeSession['devicePermission']) {
    this.devicePermission = handler;
  }
}

export function fakeIpcMain() {
  const handlers = new Map<string, (...args: any[]) => unknown>();
  return {
    handlers,
    handle: (channel: string, handler: (...args: any[]) => unknown) => {
      if (handlers.has(channel)) throw new Error(`a second handler for ${channel}`);
      handlers.set(channel, handler);
    },
    removeHandler: (channel: string) => handlers.delete(channel),
  };
}
