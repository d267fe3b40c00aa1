import type { AppApi, AppInfo } from '../../core/contract/app-api';
import { productName, version } from '../../../package.json';

/** What the app services need from their host; Electron and the preview host each supply it. */
export interface AppApiDeps {
  /** Where the local mirror and settings live (Electron's userData, or the preview's folder). */
  dataDir: string;
  name?: string;
  version?: string;
  platform?: string;
}

/** The app's identity as the release was built; read once, bundled into each entry. */
export const APP_IDENTITY = { name: productName, version } as const;

export function appInfo(deps: AppApiDeps): AppInfo {
  return {
    name: deps.name ?? APP_IDENTITY.name,
    version: deps.version ?? APP_IDENTITY.version,
    platform: deps.platform ?? process.platform,
    dataDir: deps.dataDir,
  };
}

/**
 * The Node implementation of every AppApi method. The Electron main process and the
 * browser-preview host both call this, so the UI sees the same behaviour in either.
 */
export function createAppApi(deps: AppApiDeps): AppApi {
  return {
    'app.info': async () => appInfo(deps),
  };
}
