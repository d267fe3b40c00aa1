import type { IpcRenderer, IpcRendererEvent } from 'electron';
import { ApiError } from '../core/contract/api-error';
import { APP_API_CHANNEL, APP_API_METHODS, APP_EVENT_CHANNEL, APP_GRANT_CHANNEL, type AppClient, type AppApiEnvelope, type AppApiMethod, type AppEvent } from '../core/contract/app-api';

/**
 * Exactly the AppApi methods, `subscribe` and `grantFile`, built from the method list so the
 * bridge cannot drift from the contract; ipcRenderer itself never reaches the page, and
 * neither does Electron's event object (it would hand the page the sender).
 */
export function createBridge(ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>, pathOfFile?: (file: File) => string): AppClient {
  const unwrap = (envelope: AppApiEnvelope<unknown>) => {
    // The contract's one error: the main side's sentence, its code and the fields to blame.
    if (!envelope.ok) throw new ApiError(envelope.code, envelope.message, envelope.details ?? [], envelope.words ? { words: envelope.words } : {});
    return envelope.value;
  };
  const call = (method: AppApiMethod) => async (...args: unknown[]) => unwrap((await ipc.invoke(APP_API_CHANNEL, { method, args })) as AppApiEnvelope<unknown>);
  const subscribe = (listener: (event: AppEvent) => void) => {
    const relay = (_event: IpcRendererEvent, appEvent: AppEvent) => listener(appEvent);
    ipc.on(APP_EVENT_CHANNEL, relay);
    return () => {
      ipc.removeListener(APP_EVENT_CHANNEL, relay);
    };
  };
  // The page hands over a File, never a path: Electron knows the path only of a file the
  // person dropped or picked, and answers '' for one the page made itself.
  const grantFile = async (file: File) => unwrap((await ipc.invoke(APP_GRANT_CHANNEL, pathOfFile!(file))) as AppApiEnvelope<unknown>);
  return Object.freeze({ ...Object.fromEntries(APP_API_METHODS.map((method) => [method, call(method)])), subscribe, ...(pathOfFile ? { grantFile } : {}) }) as unknown as AppClient;
}
