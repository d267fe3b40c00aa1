/**
 * The browser preview's wire protocol for the AppApi: one WebSocket per page. The page
 * proves it was opened from the link the host printed (the per-launch secret travels in
 * that link's fragment, which browsers never send to a server) before any call is taken.
 */
import type { AppApiEnvelope, AppEvent } from './app-api';

/** Where the page opens the socket. */
export const APP_SOCKET_PATH = '/api/app';
/** Where the preview hands an export to the browser: `${DOWNLOAD_PATH}<id>`, each id taken once. */
export const DOWNLOAD_PATH = '/downloads/';
/** The fragment key the host's link carries the secret under: `#k=<secret>`. */
export const SECRET_FRAGMENT_KEY = 'k';

export type ClientMessage =
  | { type: 'hello'; secret: string }
  | { type: 'call'; id: number; method: string; args: unknown[] };

export type HostMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; envelope: AppApiEnvelope<unknown> }
  | { type: 'event'; event: AppEvent };

/** Close codes: the page's secret was wrong or missing; the message was not understood. */
export const CLOSE_FORBIDDEN = 4401;
export const CLOSE_BAD_MESSAGE = 4400;
