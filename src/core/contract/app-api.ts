/**
 * The one contract between the renderer and the main side. The preload exposes exactly
 * these methods; the main process (and the browser-preview host) registers a handler for
 * each. Each method's arguments and result are schemas in app-api-schemas.ts, and the types
 * here are derived from them (a type-only import, so nothing of the schema library reaches
 * the preload or the page).
 */
import type { Static } from 'typebox';
import type { AppApiFromSchemas, AppInfoSchema } from './app-api-schemas';

export type AppInfo = Static<typeof AppInfoSchema>;

export type AppApi = AppApiFromSchemas;

export type AppApiMethod = keyof AppApi;
export type AppApiArgs<M extends AppApiMethod> = Parameters<AppApi[M]>;
export type AppApiResult<M extends AppApiMethod> = Awaited<ReturnType<AppApi[M]>>;

/** Every method, as a list the bridge builds itself from; the compiler keeps it complete. */
const METHODS = { 'app.info': true } satisfies Record<AppApiMethod, true>;
export const APP_API_METHODS = Object.keys(METHODS) as readonly AppApiMethod[];

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
