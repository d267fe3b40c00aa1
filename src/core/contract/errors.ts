/** The one error body every non-2xx answer of the service carries. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    details: ErrorDetail[];
  };
}

export interface ErrorDetail {
  /** Dotted path of the offending field (`participants.3.email`), when one is to blame. */
  field?: string;
  message: string;
}

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'validation_failed'
  | 'idempotency_key_reused'
  | 'rate_limited'
  | 'internal_error'
  | 'service_unavailable';

export const STATUS_OF_ERROR: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  validation_failed: 422,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}
