import { RemoteError } from './errors';
import type { HttpMethod } from './client';

/** Options every endpoint call takes. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Options of a call that creates something. */
export interface CreateOptions extends CallOptions {
  /** Sent as `Idempotency-Key`; reuse it for every attempt of the same operation. */
  idempotencyKey?: string;
}

export const API = '/api/v1';

/**
 * `base/id[/suffix]`, refusing an id that is not a positive integer before anything is sent
 * (an id read from a damaged mirror must not become part of a path).
 */
export function recordPath(method: HttpMethod, base: string, id: number, what: string, suffix = ''): string {
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw RemoteError.of({ source: 'invalid_input', method, message: `${what} id “${String(id)}” is not a positive whole number.` }, base);
  }
  return `${base}/${id}${suffix}`;
}

/** A required positive-integer query value, checked like `recordPath`. */
export function queryId(method: HttpMethod, path: string, id: number, what: string): number {
  recordPath(method, path, id, what);
  return id;
}
