import type { IpcRenderer } from 'electron';
import { APP_API_CHANNEL, APP_API_METHODS, type AppApi, type AppApiEnvelope, type AppApiMethod } from '../core/contract/app-api';

/** The error a page sees when a call fails: the main side's sentence and its code. */
export class MusterError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'MusterError';
  }
}

/**
 * Exactly the AppApi methods, built from the method list so the bridge cannot drift from
 * the contract; ipcRenderer itself never reaches the page.
 */
export function createBridge(ipc: Pick<IpcRenderer, 'invoke'>): AppApi {
  const call = (method: AppApiMethod) => async (...args: unknown[]) => {
    const envelope = (await ipc.invoke(APP_API_CHANNEL, { method, args })) as AppApiEnvelope<unknown>;
    if (!envelope.ok) throw new MusterError(envelope.message, envelope.code);
    return envelope.value;
  };
  return Object.freeze(Object.fromEntries(APP_API_METHODS.map((method) => [method, call(method)]))) as unknown as AppApi;
}
