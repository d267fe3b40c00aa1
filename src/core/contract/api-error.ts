/**
 * The one error of the whole app, as a class: thrown by the service's routes, rebuilt by the
 * client from an answer's envelope, and sent across the app's bridge, so its `code` and
 * `details` survive every hop. Kept apart from the schemas (errors.ts) so the sandboxed
 * preload and the page can use it without loading the schema library.
 */
export interface ErrorDetail {
  /** Dotted path of the offending field (`participants.3.email`), when one is to blame. */
  field?: string;
  message: string;
}

/** The HTTP status of each code the reference service uses. */
export const STATUS_OF_ERROR: Readonly<Record<string, number>> = {
  bad_request: 400,
  invalid_encoding: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  validation_failed: 422,
  idempotency_key_reused: 422,
  request_header_too_large: 431,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

export function isEnvelope(value: unknown): value is { error: { message: string } } {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}

/** A sentence as catalog words: a key and its parameters (core/i18n's Message, which the contract cannot import). */
export interface ErrorWords {
  key: string;
  params?: Record<string, string | number>;
}

export interface ApiErrorOptions {
  /** Defaults to the status of a known code, else 400. */
  status?: number;
  /** The message as catalog words, for the page to say in its language (the app's bridge only). */
  words?: ErrorWords[];
  /** Extra answer headers (e.g. `www-authenticate`). */
  headers?: Record<string, string>;
}

/**
 * A failure meant for a person or a program on the other side: a code programs can act on,
 * a sentence for people, and the fields to blame. `code` is a string, not only an ErrorCode:
 * another service, or the app's own bridge, may use codes of its own.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly words: ErrorWords[] | undefined;

  constructor(
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.status = options.status ?? STATUS_OF_ERROR[code] ?? 400;
    this.headers = options.headers ?? {};
    this.words = options.words;
  }

  /** The envelope as the service sends it. */
  toBody(): { error: { code: string; message: string; details: ErrorDetail[] } } {
    return { error: { code: this.code, message: this.message, details: this.details } };
  }

  /** The error an answer's envelope describes, or null when the body is not that envelope. */
  static fromBody(status: number, body: unknown): ApiError | null {
    if (!isEnvelope(body)) return null;
    const { code, message, details } = body.error as { code?: unknown; message: string; details?: unknown };
    const kept = Array.isArray(details) ? details.filter((d): d is ErrorDetail => typeof d === 'object' && d !== null && typeof (d as ErrorDetail).message === 'string') : [];
    return new ApiError(typeof code === 'string' ? code : 'unknown', message, kept, { status });
  }
}
