import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { APP_API_CHANNEL, APP_GRANT_CHANNEL, type AppApi, type AppApiEnvelope, type FileGrant } from '../core/contract/app-api';
import { dispatchAppApi, failure, failureFrom } from '../services/app/dispatch';

interface Message {
  method: unknown;
  args: unknown;
}

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'method' in value && 'args' in value;
}

/** Only the app's own top-level page may call: not a subframe, not a page the window was somehow navigated to, not a destroyed frame. */
function fromOwnPage(event: IpcMainInvokeEvent, isOwnUrl: (url: string) => boolean): boolean {
  const frame = event.senderFrame;
  return !!frame && frame.parent === null && isOwnUrl(frame.url);
}

const FORBIDDEN = () => failure('forbidden_sender', 'Only the Muster window may use Muster’s actions.');

/** The AppApi handler: a refusal, not an answer, for any sender but the app's own page. */
export function createAppApiHandler(api: AppApi, isOwnUrl: (url: string) => boolean) {
  return async (event: IpcMainInvokeEvent, message: unknown): Promise<AppApiEnvelope<unknown>> => {
    if (!fromOwnPage(event, isOwnUrl)) return FORBIDDEN();
    if (!isMessage(message)) return failure('bad_request', 'Muster received a call it does not understand.');
    return dispatchAppApi(api, message.method, message.args);
  };
}

/**
 * The preload's channel for a dropped file: the path it took from the real `File`
 * (webUtils.getPathForFile), turned into a grant. The page cannot reach this channel; the
 * preload sends on it only what Electron itself says a dropped file's path is.
 */
export function createGrantHandler(grantFile: (path: string) => FileGrant, isOwnUrl: (url: string) => boolean) {
  return async (event: IpcMainInvokeEvent, path: unknown): Promise<AppApiEnvelope<FileGrant>> => {
    if (!fromOwnPage(event, isOwnUrl)) return FORBIDDEN();
    if (typeof path !== 'string' || path === '' || path.length > 4096) return failure('not_a_file', 'Only a file from this computer can be dropped here.');
    try {
      return { ok: true, value: grantFile(path) };
    } catch (error) {
      return failureFrom(error);
    }
  };
}

/** Registers the call channel and the dropped-file channel; returns how to take them down again (tests, reloads). */
export function registerAppApi(api: AppApi, isOwnUrl: (url: string) => boolean, grantFile?: (path: string) => FileGrant): () => void {
  ipcMain.handle(APP_API_CHANNEL, createAppApiHandler(api, isOwnUrl));
  if (grantFile) ipcMain.handle(APP_GRANT_CHANNEL, createGrantHandler(grantFile, isOwnUrl));
  return () => {
    ipcMain.removeHandler(APP_API_CHANNEL);
    if (grantFile) ipcMain.removeHandler(APP_GRANT_CHANNEL);
  };
}
