import type { IpcRenderer, IpcRendererEvent } from 'electron';
import { ApiError } from '../core/contract/api-error';
import { APP_API_CHANNEL, APP_API_METHODS, APP_EVENT_CHANNEL, type AppClient, type AppApiEnvelope, type AppApiMethod, type AppEvent } from '../core/contract/app-api';

/**
 * Exactly the AppApi methods and `subscribe`, built from the method list so the bridge
 * cannot drift from the contract; ipcRenderer itself never reaches the page, and neither
 * does Electron's event object (it would hand the page the sender).
 */
export function createBridge(ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>, pathOfFile?: (file: File) => string): AppClient {
  const call = (method: AppApiMethod) => async (...args: unknown[]) => {
    const envelope = (await ipc.invoke(APP_API_CHANNEL, { method, args })) as AppApiEnvelope<unknown>;
    // The contract's one error: the main side's sentence, its code and the fields to blame.
    if (!envelope.ok) throw new ApiError(envelope.code, envelope.message, envelope.details ?? []);
    return envelope.value;
  };
  const subscribe = (listener: (event: AppEvent) => void) => {
    const relay = (_event: IpcRendererEvent, appEvent: AppEvent) => listener(appEvent);
    ipc.on(APP_EVENT_CHANNEL, relay);
    return () => {
      ipc.removeListener(APP_EVENT_CHANNEL, relay);
    };
  };
  return Object.freeze({ ...Object.fromEntries(APP_API_METHODS.map((method) => [method, call(method)])), subscribe, ...(pathOfFile ? { pathOfFile } : {}) }) as unknown as AppClient;
}
