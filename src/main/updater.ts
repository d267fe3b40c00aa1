/**
 * Updates through electron-updater from the feed electron-builder writes into the packaged
 * app (app-update.yml, from `publish` in electron-builder.yml): checked at start and every
 * few hours, downloaded in the background, installed only after the person agrees to
 * restart. Off when the app is not packaged (development, tests) or has no feed.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
}

export interface UpdaterHost {
  packaged: boolean;
  /** Where electron-builder puts app-update.yml (process.resourcesPath). */
  resourcesPath: string;
  /** Asks the person; resolves true to restart now. */
  askToRestart(version: string): Promise<boolean>;
  /** Where a failed check is noted; never shown as a dialog. */
  log(message: string): void;
}

export const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Starts checking; answers whether it did (and why not, for the log). The updater is loaded
 * only then: electron-updater reaches for Electron as soon as it is imported.
 */
export async function startUpdater(load: () => Promise<UpdaterLike>, host: UpdaterHost, every = CHECK_EVERY_MS): Promise<{ started: boolean; reason: string; stop(): void }> {
  if (!host.packaged) return { started: false, reason: 'not packaged', stop: () => undefined };
  if (!existsSync(join(host.resourcesPath, 'app-update.yml'))) return { started: false, reason: 'no release feed in this build', stop: () => undefined };
  const updater = await load();
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = false;
  updater.on('error', (error) => host.log(`Update check failed: ${error.message.split('\n', 1)[0]}`));
  updater.on('update-downloaded', (info) => {
    void host.askToRestart(info.version).then((now) => {
      if (now) updater.quitAndInstall();
    });
  });
  const check = () => void updater.checkForUpdates().catch((error: Error) => host.log(`Update check failed: ${error.message.split('\n', 1)[0]}`));
  check();
  const timer = setInterval(check, every);
  timer.unref?.();
  return { started: true, reason: 'checking', stop: () => clearInterval(timer) };
}
