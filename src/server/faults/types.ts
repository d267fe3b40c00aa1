/** What can go wrong with one request in fault mode (see docs/interface.md, "Fault mode"). */
export type FaultKind = 'drop' | '500' | '502' | '503' | '502-after' | '503-after' | '429' | 'latency' | 'expire-token';

export const FAULT_KINDS: readonly FaultKind[] = ['drop', '500', '502', '503', '502-after', '503-after', '429', 'latency', 'expire-token'];

export interface Fault {
  kind: FaultKind;
  /** `429` only: the Retry-After seconds (default 1). */
  retryAfter?: number;
  /** `latency` only: the delay in milliseconds. */
  ms?: number;
}

/** The request a decision is about: `path` without the query, `route` the matched pattern. */
export interface FaultRequest {
  method: string;
  path: string;
  route: string;
}

/** Which requests a programmed fault waits for; omitted fields match anything. */
export type FaultMatch = { method?: string; path?: string } | ((request: FaultRequest) => boolean);

export type FaultSource = 'next' | 'when' | 'at' | 'random';

/** One request's fate, kept so a failing run can be read back (`GET /__faults`, `plan.decisions`). */
export interface FaultDecision {
  /** 1-based count of requests fault mode has seen. */
  n: number;
  method: string;
  path: string;
  /** The fault other than latency, or null when the request runs normally. */
  fault: Fault | null;
  source: FaultSource | null;
  latencyMs: number;
}
