import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { APP_API_CHANNEL, type AppApi, type AppApiEnvelope } from '../core/contract/app-api';
import { dispatchAppApi, failure } from '../services/app/dispatch';

interface Message {
  method: unknown;
  args: unknown;
}

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'method' in value && 'args' in value;
}

/**
 * The AppApi handler. Only the app's own top-level page may call: a subframe, a page the
 * window was somehow navigated to, or a destroyed frame gets a refusal, not an answer.
 */
export function createAppApiHandler(api: AppApi, isOwnUrl: (url: string) => boolean) {
  return async (event: IpcMainInvokeEvent, message: unknown): Promise<AppApiEnvelope<unknown>> => {
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null || !isOwnUrl(frame.url)) {
      return failure('forbidden_sender', 'Only the Muster window may use Muster’s actions.');
    }
    if (!isMessage(message)) return failure('bad_request', 'Muster received a call it does not understand.');
    return dispatchAppApi(api, message.method, message.args);
  };
}

/** Registers the one channel; returns how to take it down again (tests, reloads). */
export function registerAppApi(api: AppApi, isOwnUrl: (url: string) => boolean): () => void {
  ipcMain.handle(APP_API_CHANNEL, createAppApiHandler(api, isOwnUrl));
  return () => ipcMain.removeHandler(APP_API_CHANNEL);
}
