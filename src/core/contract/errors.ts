/**
 * The envelope `{"error": {"code", "message", "details"}}` every non-2xx answer of the
 * service carries, as a schema; the class that stands for it wherever a failure travels is
 * in api-error.ts and re-exported here.
 */
import Type, { type Static } from 'typebox';
import { isEnvelope, STATUS_OF_ERROR, type ApiErrorOptions, type ErrorDetail } from './api-error';

export { STATUS_OF_ERROR, type ApiErrorOptions, type ErrorDetail };

export const ERROR_CODES = [
  'bad_request',
  'invalid_encoding',
  'unauthorized',
  'not_found',
  'conflict',
  'payload_too_large',
  'validation_failed',
  'idempotency_key_reused',
  'request_header_too_large',
  'rate_limited',
  'internal_error',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorDetailSchema = Type.Object({
  /** Dotted path of the offending field (`participants.3.email`), when one is to blame. */
  field: Type.Optional(Type.String()),
  message: Type.String(),
});
// The class's detail type and the schema's must stay one shape.
const _sameDetail: Static<typeof ErrorDetailSchema> extends ErrorDetail ? (ErrorDetail extends Static<typeof ErrorDetailSchema> ? true : never) : never = true;
void _sameDetail;

export const ErrorBodySchema = Type.Object(
  {
    error: Type.Object({
      code: Type.Enum(ERROR_CODES),
      message: Type.String(),
      details: Type.Array(ErrorDetailSchema),
    }),
  },
  { description: 'The one error body of every answer that is not a success.' },
);
export type ErrorBody = Static<typeof ErrorBodySchema>;

/** Whether an answer body is the error envelope (its message at least is text). */
export const isErrorBody = (value: unknown): value is ErrorBody => isEnvelope(value);

