/**
 * The one contract between the renderer and the main side. The preload exposes exactly
 * these methods; the main process (and the browser-preview host) registers a handler for
 * each. Later issues add methods here, nowhere else.
 */
export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  /** Where the local mirror lives. */
  dataDir: string;
}

export interface AppApi {
  'app.info'(): Promise<AppInfo>;
}

export type AppApiMethod = keyof AppApi;
export type AppApiArgs<M extends AppApiMethod> = Parameters<AppApi[M]>;
export type AppApiResult<M extends AppApiMethod> = Awaited<ReturnType<AppApi[M]>>;

export const APP_API_METHODS: readonly AppApiMethod[] = ['app.info'];

export function isAppApiMethod(name: unknown): name is AppApiMethod {
  return typeof name === 'string' && (APP_API_METHODS as readonly string[]).includes(name);
}

/** The single IPC channel; the method name travels inside the message and is checked. */
export const APP_API_CHANNEL = 'muster:api';

/** What crosses the boundary when a call fails: a sentence, never a stack. */
export interface AppApiFailure {
  ok: false;
  message: string;
  code: string;
  /** The fields to blame, when the failure names any (the contract's ErrorDetail). */
  details: { field?: string; message: string }[];
}
export type AppApiEnvelope<T> = { ok: true; value: T } | AppApiFailure;
