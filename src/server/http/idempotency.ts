import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/open';
import { ApiError } from '../../core/contract/api-error';
import { prepareIdempotencyKeys } from '../store/idempotency-keys';

const KEY_HEADER = 'idempotency-key';
const KEEP_KEYS_MS = 24 * 60 * 60 * 1000;
// A claim with no stored answer after this long was left by a request that died midway.
const ABANDONED_CLAIM_MS = 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/**
 * Honours `Idempotency-Key` on POSTs: the first request with a key runs and its answer is
 * kept; the same key with the same body gets that answer again (never a second record),
 * the same key with another request (method, path, query or body) is refused, and a key
 * still in flight answers 409 until its claim is a minute old and counts as abandoned.
 * Failed answers (4xx/5xx) are not kept, so the client may try again with the same key.
 */
export function honourIdempotencyKeys(scope: FastifyInstance, db: Db, now: () => Date): void {
  const keys = prepareIdempotencyKeys(db);

  scope.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST') return;
    const key = request.headers[KEY_HEADER];
    if (typeof key !== 'string' || key === '') return;
    if (key.length > 200) throw new ApiError('bad_request', 'The Idempotency-Key header is longer than 200 characters.');
    const companyId = request.caller.companyId;
    const hash = requestHash(request);
    keys.expireBefore(new Date(now().getTime() - KEEP_KEYS_MS).toISOString());
    let seen = keys.find(companyId, key);
    if (seen && seen.status_code === null && Date.parse(seen.created_at) < now().getTime() - ABANDONED_CLAIM_MS) {
      keys.release(companyId, key);
      seen = undefined;
    }
    if (seen) {
      if (seen.status_code === null) throw new ApiError('conflict', 'A request with this Idempotency-Key is still being processed.');
      if (seen.request_hash !== hash) {
        throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was already used for a different request.');
      }
      reply.header('idempotent-replayed', 'true').header('content-type', 'application/json; charset=utf-8').status(seen.status_code);
      return reply.send(seen.response);
    }
    keys.claim(companyId, key, hash, now().toISOString());
    request.idempotencyKey = key;
  });

  scope.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key) return payload;
    if (reply.statusCode < 300 && typeof payload === 'string') keys.store(request.caller.companyId, key, reply.statusCode, payload);
    else keys.release(request.caller.companyId, key);
    return payload;
  });
}
