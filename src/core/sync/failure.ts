import en from '../i18n/messages/en';
import { englishOf, type Message } from '../i18n/translate';
import { cleanText, serviceErrorOf, type ServiceError } from './service-error';

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
  /** The same sentences as data the catalogs word (transport.*), when they are Muster's own;
   *  absent when the caller gave its own sentence. `message` is their English. */
  words?: Message[];
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

const ENGLISH = englishOf(en);

/** Sentences as data and in English, which is what logs, the outbox and `muster` print today. */
function worded(...words: (Message | null)[]): { message: string; words: Message[] } {
  const kept = words.filter((w): w is Message => w !== null);
  return { message: kept.map((w) => ENGLISH(w.key, w.params)).join(' '), words: kept };
}

/** Every sentence a failure can be said in: the catalogs hold each under transport.*. */
export const TRANSPORT_CODES = [
  'refused', 'host_unknown', 'offline', 'certificate', 'broken', 'no_answer', 'no_connection', 'cancelled', 'unreadable', 'unreadable_at',
  'no_token', 'unauthorized', 'not_found', 'conflict', 'rejected', 'too_many_soon', 'too_many', 'gave_up', 'redirect', 'failed', 'said', 'fields', 'maybe',
] as const;

const say = (code: (typeof TRANSPORT_CODES)[number], params?: Record<string, string | number>): Message => ({ key: `transport.${code}`, ...(params ? { params } : {}) });

function said(error: ServiceError | null): Message | null {
  return error && error.message ? say('said', { message: error.message }) : null;
}

/**
 * The fields the service's answer names (a 422's `details`), each with what it said of it, as
 * its text: its message alone ("Some fields are invalid.") leaves the person guessing which.
 */
function named(error: ServiceError | null): Message | null {
  const fields = (error?.details ?? []).filter((d) => d.field).map((d) => `${d.field} (${d.message})`);
  return fields.length > 0 ? say('fields', { fields: cleanText(fields.join('; ')) }) : null;
}

const MAYBE = say('maybe');

function base(call: FailedCall, kind: FailureKind, message: string | Message): SyncFailure {
  const words = typeof message === 'string' ? { message } : worded(message);
  return { kind, source: call.source, ...words, status: null, error: null, retryAfterMs: null, mayHaveApplied: false };
}

/** After the request may have reached the service and no answer says what happened. */
function unanswered(call: FailedCall, sent: boolean, message: Message): SyncFailure {
  const unknownFate = sent && !isRead(call);
  const kind: FailureKind = unknownFate && isCreate(call) ? 'ambiguous' : 'retry';
  const failure = { ...base(call, kind, message), ...worded(message, kind === 'ambiguous' ? MAYBE : null) };
  failure.mayHaveApplied = unknownFate;
  return failure;
}

function networkMessage(code: string): Message {
  if (code === 'ECONNREFUSED') return say('refused');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return say('host_unknown');
  if (NOT_CONNECTED.has(code)) return say('offline');
  if (CERTIFICATE.test(code)) return say('certificate');
  return say('broken');
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

function statusMessage(kind: FailureKind, status: number, retryAfterMs: number | null): Message {
  switch (kind) {
    case 'unauthorized':
      return say('unauthorized');
    case 'not_found':
    case 'conflict':
    case 'rejected':
      return say(kind, { status });
    default:
      break;
  }
  if (status === 429) return retryAfterMs === null ? say('too_many_soon') : say('too_many', { seconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
  if (status === 408) return say('gave_up');
  if (status >= 300 && status < 400) return say('redirect', { status });
  return say('failed', { status });
}

function httpFailure(call: Extract<FailedCall, { source: 'http' }>): SyncFailure {
  const error = serviceErrorOf(call.body);
  const retryAfterMs = call.retryAfterMs ?? null;
  const kind = statusKind(call, call.status);
  const unknownFate = !isRead(call) && (kind === 'ambiguous' || (kind === 'retry' && call.status !== 408 && call.status !== 429));
  const words = worded(statusMessage(kind, call.status, retryAfterMs), call.status !== 429 ? said(error) : null, named(error), kind === 'ambiguous' ? MAYBE : null);
  return { kind, source: 'http', ...words, status: call.status, error, retryAfterMs, mayHaveApplied: unknownFate };
}

/** Classifies a failed call into what the outbox does next, with a sentence for a person. */
export function classifyFailure(call: FailedCall): SyncFailure {
  switch (call.source) {
    case 'http':
      return httpFailure(call);
    case 'network':
      return unanswered(call, call.sent && !neverSent(call.code), networkMessage(call.code));
    case 'timeout':
      return call.sent ? unanswered(call, true, say('no_answer')) : unanswered(call, false, say('no_connection'));
    case 'aborted':
      return unanswered(call, call.sent, say('cancelled'));
    case 'bad_body': {
      const params = { status: call.status, expected: call.expected };
      const failure = unanswered(call, true, call.problem ? say('unreadable_at', { ...params, problem: call.problem }) : say('unreadable', params));
      failure.status = call.status;
      return failure;
    }
    case 'no_token':
      return base(call, 'unauthorized', call.message ?? say('no_token'));
    case 'invalid_input':
      return base(call, 'rejected', call.message);
  }
}
