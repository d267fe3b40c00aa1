import { RequestError, TimeoutError } from 'got';
import { ApiError } from '../../core/contract/api-error';
import { classifyFailure, type CallBase, type FailedCall, type FailureKind, type SyncFailure } from '../../core/sync/failure';

/**
 * The one error the remote client throws. Its message is the failure's sentence. It keeps no
 * reference to got's error on purpose: that one holds the request options, and with them the
 * bearer token, so logging it as a `cause` would leak the token.
 */
export class RemoteError extends Error {
  override readonly name = 'RemoteError';
  readonly failure: SyncFailure;

  constructor(failure: SyncFailure, readonly method: string, readonly path: string) {
    super(failure.message);
    this.failure = failure;
  }

  get kind(): FailureKind {
    return this.failure.kind;
  }

  /**
   * The service's own error, as the contract's one error class: its code, sentence and
   * details as the service sent them (cleaned to text), with the HTTP status; null when the
   * service sent no error envelope (no answer, or an answer of another kind).
   */
  get api(): ApiError | null {
    const { error, status } = this.failure;
    return error && status !== null ? new ApiError(error.code, error.message, error.details, { status }) : null;
  }

  static of(call: FailedCall, path: string): RemoteError {
    return new RemoteError(classifyFailure(call), call.method, path);
  }
}

export function isRemoteError(error: unknown): error is RemoteError {
  return error instanceof RemoteError;
}

/** The answer, or null when the service has no such record (404): a record gone is an answer here, not a failure. */
export async function unlessGone<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    if (isRemoteError(error) && error.kind === 'not_found') return null;
    throw error;
  }
}

const BEFORE_CONNECTED = new Set(['lookup', 'connect', 'secureConnect']);

/** Whether a connection was made, so some of the request may have reached the service. */
function connected(error: RequestError, secure: boolean): boolean {
  const timings = error.timings;
  if (!timings) return true; // unknown: assume the worst
  return timings.connect !== undefined && (!secure || timings.secureConnect !== undefined);
}

/** A got failure (no answer, or an unreadable one) as the transport saw it. */
export function failedCallOf(error: unknown, call: CallBase, secure: boolean): FailedCall {
  if (error instanceof TimeoutError) {
    return { ...call, source: 'timeout', sent: !BEFORE_CONNECTED.has(error.event) && connected(error, secure) };
  }
  if (error instanceof RequestError) {
    if (error.code === 'ERR_ABORTED' || error.name === 'AbortError') return { ...call, source: 'aborted', sent: connected(error, secure) };
    return { ...call, source: 'network', code: error.code ?? 'UNKNOWN', sent: connected(error, secure) };
  }
  const code = (error as { code?: unknown } | null)?.code;
  return { ...call, source: 'network', code: typeof code === 'string' ? code : 'UNKNOWN', sent: true };
}
