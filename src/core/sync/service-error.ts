import { isErrorBody, type ErrorDetail } from '../contract/errors';

/** The service's own account of a failure, as far as it can be trusted to be text. */
export interface ServiceError {
  /** The service's code; any string, since a real service may use codes we do not know. */
  code: string;
  message: string;
  details: ErrorDetail[];
}

const MAX_TEXT = 500;
const MAX_DETAILS = 100;

/**
 * A server string made safe to show: control characters become spaces and it is cut to a
 * readable length. It stays text; nothing here or downstream interprets it.
 */
export function cleanText(value: string, max = MAX_TEXT): string {
  // eslint-disable-next-line no-control-regex
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** `{error: {code, message, details}}` from an answer body, or null when it is not that shape. */
export function serviceErrorOf(body: unknown): ServiceError | null {
  if (!isErrorBody(body)) return null;
  const error = body.error as { code?: unknown; message: string; details?: unknown };
  const details: ErrorDetail[] = [];
  if (Array.isArray(error.details)) {
    for (const item of error.details.slice(0, MAX_DETAILS)) {
      if (typeof item !== 'object' || item === null) continue;
      const { field, message } = item as { field?: unknown; message?: unknown };
      if (typeof message !== 'string') continue;
      details.push(typeof field === 'string' ? { field: cleanText(field, 200), message: cleanText(message) } : { message: cleanText(message) });
    }
  }
  return {
    code: typeof error.code === 'string' ? cleanText(error.code, 100) : 'unknown',
    message: cleanText(error.message),
    details,
  };
}
