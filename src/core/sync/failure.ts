import { serviceErrorOf, type ServiceError } from './service-error';

/**
 * What the outbox does with a call that failed (docs/sync.md, the outbox rules):
 * - `ambiguous`: a POST whose change may have happened; the next attempt looks for it first.
 * - `retry`: safe to send again after a backoff.
 * - `unauthorized`: pause the whole queue and ask for a new token.
 * - `conflict`: 409; the flow decides (stale lock_version, an action already running…).
 * - `rejected`: the service refused this operation for good; show it, keep the rest going.
 * - `not_found`: 404; the flow decides (gone on the service, or another company's).
 */
export type FailureKind = 'ambiguous' | 'retry' | 'unauthorized' | 'conflict' | 'rejected' | 'not_found';

/** Where the failure came from, for the runner and the logs (never shown as such). */
export type FailureSource = 'http' | 'network' | 'timeout' | 'aborted' | 'bad_body' | 'no_token' | 'invalid_input';

export interface SyncFailure {
  kind: FailureKind;
  source: FailureSource;
  /** Sentences for a person: no stack, no transport jargon; service text is quoted as text. */
  message: string;
  /** The HTTP status when the service answered. */
  status: number | null;
  /** The service's error body when it sent one. */
  error: ServiceError | null;
  /** The service's Retry-After, in ms, when it sent one. */
  retryAfterMs: number | null;
  /** A write reached the service and its fate is unknown (any method, not only POST). */
  mayHaveApplied: boolean;
}

export interface CallBase {
  method: string;
  /** The call changes nothing whatever its method (a search sent as POST). */
  readOnly?: boolean;
}

/** A failed call as the transport saw it; `sent` means bytes may have reached the service. */
export type FailedCall = CallBase &
  (
    | { source: 'http'; status: number; body?: unknown; retryAfterMs?: number | null }
    | { source: 'network'; code: string; sent: boolean }
    | { source: 'timeout'; sent: boolean }
    | { source: 'aborted'; sent: boolean }
    | { source: 'bad_body'; status: number; expected: string; /** Where the answer first differs, e.g. `response.id should be an integer`. */ problem?: string }
    | { source: 'no_token'; message?: string }
    | { source: 'invalid_input'; message: string }
  );

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The call cannot have changed anything on the service. */
export const isRead = (call: CallBase): boolean => call.readOnly === true || READS.has(call.method.toUpperCase());
/** A POST creates; repeating it blindly may create twice. PATCH, PUT, DELETE repeat safely here. */
export const isCreate = (call: CallBase): boolean => !isRead(call) && call.method.toUpperCase() === 'POST';

const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EHOSTDOWN', 'EADDRNOTAVAIL']);
const CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL|EPROTO/;

/** A network error code that means the request never left this computer. */
export function neverSent(code: string): boolean {
  return NOT_CONNECTED.has(code) || CERTIFICATE.test(code);
}

function said(error: ServiceError | null): string {
  return error && error.message ? ` The service said: “${error.message}”` : '';
}

const MAYBE = ' The change may or may not have been made, so the next attempt checks first.';

function base(call: FailedCall, kind: FailureKind, message: string): SyncFailure {
  return { kind, source: call.source, message, status: null, error: null, retryAfterMs: null, mayHaveApplied: false };
}

/** After the request may have reached the service and no answer says what happened. */
function unanswered(call: FailedCall, sent: boolean, message: string): SyncFailure {
  const unknownFate = sent && !isRead(call);
  const kind: FailureKind = unknownFate && isCreate(call) ? 'ambiguous' : 'retry';
  const failure = base(call, kind, kind === 'ambiguous' ? message + MAYBE : message);
  failure.mayHaveApplied = unknownFate;
  return failure;
}

function networkMessage(code: string): string {
  if (code === 'ECONNREFUSED') return 'Could not connect to the service (connection refused); it may be down, or the server address may be wrong.';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The service’s host name could not be found; check the network connection and the server address.';
  if (NOT_CONNECTED.has(code)) return 'The network is unreachable; this computer is probably offline.';
  if (CERTIFICATE.test(code)) return 'The service’s security certificate could not be verified, so nothing was sent.';
  return 'The connection to the service broke before it answered.';
}

function statusKind(call: CallBase, status: number): FailureKind {
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 408 || status === 429) return 'retry';
  if (status >= 400 && status < 500) return 'rejected';
  // 501 and 505 say the service cannot do this at all; repeating will not change that.
  if (status === 501 || status === 505) return 'rejected';
  // Other 5xx, and answers no client expects (3xx with redirects off, 1xx): fate unknown.
  return isCreate(call) ? 'ambiguous' : 'retry';
}

function statusMessage(kind: FailureKind, status: number, retryAfterMs: number | null): string {
  switch (kind) {
    case 'unauthorized':
      return 'The service did not accept the access token; give a new token to resume syncing.';
    case 'not_found':
      return `The service has no such record (${status}).`;
    case 'conflict':
      return `The service refused the change because of a conflict (${status}).`;
    case 'rejected':
      return `The service rejected the request (${status}).`;
    default:
      break;
  }
  if (status === 429) {
    const wait = retryAfterMs === null ? 'shortly' : `in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s`;
    return `The service is receiving too many requests; syncing resumes ${wait}.`;
  }
  if (status === 408) return 'The service gave up waiting for the request (408); it will be sent again.';
  if (status >= 300 && status < 400) return `The service answered with a redirect (${status}); check the server address.`;
  return `The service failed while handling the request (${status}).`;
}

function httpFailure(call: Extract<FailedCall, { source: 'http' }>): SyncFailure {
  const error = serviceErrorOf(call.body);
  const retryAfterMs = call.retryAfterMs ?? null;
  const kind = statusKind(call, call.status);
  const unknownFate = !isRead(call) && (kind === 'ambiguous' || (kind === 'retry' && call.status !== 408 && call.status !== 429));
  let message = statusMessage(kind, call.status, retryAfterMs);
  if (call.status !== 429) message += said(error);
  if (kind === 'ambiguous') message += MAYBE;
  return { kind, source: 'http', message, status: call.status, error, retryAfterMs, mayHaveApplied: unknownFate };
}

/** Classifies a failed call into what the outbox does next, with a sentence for a person. */
export function classifyFailure(call: FailedCall): SyncFailure {
  switch (call.source) {
    case 'http':
      return httpFailure(call);
    case 'network':
      return unanswered(call, call.sent && !neverSent(call.code), networkMessage(call.code));
    case 'timeout':
      return call.sent
        ? unanswered(call, true, 'The service did not answer in time.')
        : unanswered(call, false, 'Could not connect to the service in time; it may be down, or the network may be slow.');
    case 'aborted':
      return unanswered(call, call.sent, 'The request was cancelled.');
    case 'bad_body': {
      const where = call.problem ? ` (${call.problem})` : '';
      const failure = unanswered(call, true, `The service answered (${call.status}) with something this app cannot read: expected ${call.expected}${where}.`);
      failure.status = call.status;
      return failure;
    }
    case 'no_token':
      return base(call, 'unauthorized', call.message ?? 'No access token is set; give a token to start syncing.');
    case 'invalid_input':
      return base(call, 'rejected', call.message);
  }
}
