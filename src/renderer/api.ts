import { ApiError } from '../core/contract/api-error';
import { APP_API_METHODS, type AppApi, type AppApiEnvelope, type AppApiMethod } from '../core/contract/app-api';

/** A failed call is the contract's one error: the main side's sentence, its code and details. */
export { ApiError };

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

function isEnvelope(value: unknown): value is AppApiEnvelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { ok?: unknown; message?: unknown };
  return v.ok === true || (v.ok === false && typeof v.message === 'string');
}

/** The preview host's side of the AppApi: `POST /api/app/<method>` with the arguments as a JSON array. */
export function fetchBridge(fetchImpl: Fetch = (input, init) => fetch(input, init)): AppApi {
  const call = async (method: AppApiMethod, args: unknown[]) => {
    let response: Response;
    try {
      response = await fetchImpl(`/api/app/${encodeURIComponent(method)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
    } catch {
      throw new ApiError('unreachable', 'Muster’s preview host is not answering. Is `muster preview` still running?');
    }
    const body: unknown = await response.json().catch(() => null);
    if (!isEnvelope(body)) throw new ApiError('bad_answer', `Muster’s preview host gave an answer it does not understand (HTTP ${response.status}).`);
    if (!body.ok) throw new ApiError(body.code, body.message, body.details ?? []);
    return body.value;
  };
  return Object.fromEntries(APP_API_METHODS.map((method) => [method, (...args: unknown[]) => call(method, args)])) as unknown as AppApi;
}

/** Electron's preload bridge when present, otherwise the preview host over HTTP. */
export function createApi(host: { muster?: AppApi } | undefined = globalThis.window, fetchImpl?: Fetch): AppApi {
  return host?.muster ?? fetchBridge(fetchImpl);
}

/** The one way the UI reaches the main side. */
export const api: AppApi = createApi();
