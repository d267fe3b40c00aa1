import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../core/contract/api-error';

/**
 * The interface speaks JSON only. A body sent as anything else is refused as malformed
 * (400) before Fastify's text parser could turn it into a confusing 422.
 */
export function requireJsonBodies(scope: FastifyInstance): void {
  scope.addHook('onRequest', async (request) => {
    const length = Number(request.headers['content-length'] ?? 0);
    const chunked = request.headers['transfer-encoding'] !== undefined;
    if (length === 0 && !chunked) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json' && !type.endsWith('+json')) {
      throw new ApiError('bad_request', 'Send the request body as application/json.');
    }
  });
}
