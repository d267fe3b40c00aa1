import type { IpcRenderer } from 'electron';
import { ApiError } from '../core/contract/api-error';
import { APP_API_CHANNEL, APP_API_METHODS, type AppApi, type AppApiEnvelope, type AppApiMethod } from '../core/contract/app-api';


/**
 * Exactly the AppApi methods, built from the method list so the bridge cannot drift from
 * the contract; ipcRenderer itself never reaches the page.
 */
export function createBridge(ipc: Pick<IpcRenderer, 'invoke'>): AppApi {
  const call = (method: AppApiMethod) => async (...args: unknown[]) => {
    const envelope = (await ipc.invoke(APP_API_CHANNEL, { method, args })) as AppApiEnvelope<unknown>;
    // The contract's one error: the main side's sentence, its code and the fields to blame.
    if (!envelope.ok) throw new ApiError(envelope.code, envelope.message, envelope.details ?? []);
    return envelope.value;
  };
  return Object.freeze(Object.fromEntries(APP_API_METHODS.map((method) => [method, call(method)]))) as unknown as AppApi;
}
