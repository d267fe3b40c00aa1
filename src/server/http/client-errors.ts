import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../core/contract/api-error';
import { STATUS_OF_ERROR, type ErrorCode } from '../../core/contract/errors';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, a bad
 * Content-Length, garbage on the line) answered in the one error body, like every other
 * answer of the service. A connection that merely broke gets no answer; there is no one to
 * read it.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const code: ErrorCode = error.code === 'HPE_HEADER_OVERFLOW' ? 'request_header_too_large' : 'bad_request';
  const message = code === 'request_header_too_large' ? 'The request headers are larger than this service accepts.' : 'The request could not be read as HTTP.';
  const body = JSON.stringify({ error: { code, message, details: [] } });
  const status = STATUS_OF_ERROR[code];
  const reason = code === 'request_header_too_large' ? 'Request Header Fields Too Large' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * HTTP/1.1 requires a Host header (RFC 9112 §3.2). Node refuses a request without one with
 * an empty 400 before Fastify sees it, so the service turns Node's check off
 * (`requireHostHeader: false`) and refuses here, in the one error body.
 */
export function requireHostHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      throw new ApiError('bad_request', 'Send a Host header: HTTP/1.1 requires one.', [], { headers: { connection: 'close' } });
    }
  });
}
