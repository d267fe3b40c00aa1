import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { drainRefusedBody } from './drain';
import { ApiError } from '../../core/contract/api-error';
import { STATUS_OF_ERROR, type ErrorBody, type ErrorCode, type ErrorDetail } from '../../core/contract/errors';

// The routes throw the contract's one error class; its code, sentence and details are sent as they are.

export const notFound = (what: string): ApiError => new ApiError('not_found', `${what} was not found.`);
export const invalid = (details: ErrorDetail[], message = 'Some fields are invalid.'): ApiError =>
  new ApiError('validation_failed', message, details);

export function errorBody(code: ErrorCode, message: string, details: ErrorDetail[] = []): ErrorBody {
  return { error: { code, message, details } };
}

interface AjvLikeError {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: { missingProperty?: string; additionalProperty?: string };
}

/** `/participants/3/email` → `participants.3.email`, with the missing property named. */
function fieldOf(error: AjvLikeError): string {
  const parts = (error.instancePath ?? '').split('/').filter(Boolean);
  const extra = error.params?.missingProperty ?? error.params?.additionalProperty;
  if (extra) parts.push(extra);
  return parts.join('.') || '(body)';
}

export const MAX_DETAILS = 100;

/** At most MAX_DETAILS details, and a last one saying how many more there were. */
export function capDetails(details: ErrorDetail[]): ErrorDetail[] {
  if (details.length <= MAX_DETAILS) return details;
  return [...details.slice(0, MAX_DETAILS), { message: `…and ${details.length - MAX_DETAILS} more problems of the same kind.` }];
}

function detailsOf(errors: AjvLikeError[]): ErrorDetail[] {
  return capDetails(errors.map((e) => ({ field: fieldOf(e), message: e.message ?? 'is invalid' })));
}

/** Fastify's own request errors (a bad URL escape) in the one error shape. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send(errorBody('bad_request', error.code === 'FST_ERR_BAD_URL' ? 'The request path is not a valid URL.' : 'The request could not be read.'));
}

/** Maps every failure to the one JSON shape; nothing below ever reaches a client as a stack. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send(errorBody('not_found', `No operation answers ${request.method} ${request.url.split('?')[0]}.`));
  });

  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) => {
    if (error instanceof ApiError) {
      void reply.status(error.status).headers(error.headers).send(errorBody(error.code as ErrorCode, error.message, capDetails(error.details)));
      return;
    }
    if (error.validation) {
      const inBody = error.validationContext === 'body';
      const code: ErrorCode = inBody ? 'validation_failed' : 'bad_request';
      const message = inBody ? 'The request body has invalid fields.' : `The ${error.validationContext ?? 'request'} parameters are invalid.`;
      void reply.status(STATUS_OF_ERROR[code]).send(errorBody(code, message, detailsOf(error.validation as AjvLikeError[])));
      return;
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        drainRefusedBody(request, reply);
        void reply.status(413).send(errorBody('payload_too_large', 'The request body is larger than this service accepts.'));
        return;
      case 'FST_ERR_CTP_INVALID_JSON':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        void reply.status(400).send(errorBody('bad_request', 'The request body is not valid JSON.'));
        return;
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        void reply.status(400).send(errorBody('bad_request', 'Send the request body as application/json.'));
        return;
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      void reply.status(400).send(errorBody('bad_request', 'The request could not be read.'));
      return;
    }
    request.log.error({ err: error }, 'unhandled error');
    void reply.status(500).send(errorBody('internal_error', 'Something went wrong on the service; the request was not completed.'));
  });
}
