import type { AppInfo } from '../../core/contract/app-api';
import { productName, version } from '../../../package.json';

/** The app's identity as the release was built; read once, bundled into each entry. */
export const APP_IDENTITY = { name: productName, version } as const;

export function appInfo(deps: { dataDir: string; name?: string; version?: string; platform?: string }): AppInfo {
  return {
    name: deps.name ?? APP_IDENTITY.name,
    version: deps.version ?? APP_IDENTITY.version,
    platform: deps.platform ?? process.platform,
    dataDir: deps.dataDir,
  };
}
