import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/open';
import { ApiError } from '../../core/contract/api-error';
import { errorBody } from '../http/errors';
import { bearerOf, hashSecret } from '../http/auth';
import type { FaultPlan } from './plan';
import type { Fault, FaultDecision } from './types';
import { prepareTokenLookups } from '../store/access-tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** A fault that acts on the answer after the handler has run (`drop`, `502-after`, `503-after`). */
    faultAfter: Fault | null;
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function logDecision(request: FastifyRequest, decision: FaultDecision): void {
  const fields = { fault: decision.fault?.kind ?? 'latency', request_number: decision.n, source: decision.source, latency_ms: decision.latencyMs };
  if (decision.fault) request.log.warn(fields, `fault injected: ${decision.fault.kind} on ${decision.method} ${decision.path}`);
  else request.log.info(fields, `fault injected: ${decision.latencyMs} ms latency on ${decision.method} ${decision.path}`);
}

/**
 * Decides each covered request's fault as it arrives (a root hook, so before the rate
 * limit, authentication and the handler): latency waits, the "before" failures answer
 * without running the handler, `expire-token` expires the caller's token for good, and
 * the "after" faults are left for `finishFaults`.
 */
export function injectFaults(app: FastifyInstance, plan: FaultPlan, db: Db, now: () => Date): void {
  const tokens = prepareTokenLookups(db);
  app.decorateRequest('faultAfter', null);
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!plan.covers(route)) return;
    const decision = plan.decide({ method: request.method, path: request.url.split('?')[0], route });
    if (decision.source) logDecision(request, decision);
    if (decision.latencyMs > 0) await sleep(decision.latencyMs);
    const fault = decision.fault;
    switch (fault?.kind) {
      case undefined:
      case 'latency':
        return;
      case '500':
        throw new ApiError('internal_error', 'Something went wrong on the service; the request was not completed. (fault injected)');
      case '503':
        throw new ApiError('service_unavailable', 'The service is unavailable; try again later. (fault injected)');
      case '502':
        // No error code of the contract means "bad gateway"; a proxy's 502 is unavailability.
        return reply.status(502).send(errorBody('service_unavailable', 'The gateway got no answer from the service. (fault injected)'));
      case '429': {
        const seconds = fault.retryAfter ?? 1;
        throw new ApiError('rate_limited', `Too many requests; try again in ${seconds} s. (fault injected)`, [], { headers: { 'retry-after': String(seconds) } });
      }
      case 'expire-token': {
        const token = bearerOf(request);
        const at = new Date(now().getTime() - 1).toISOString();
        if (token) tokens.expire(hashSecret(token), at);
        return;
      }
      default:
        request.faultAfter = fault;
    }
  });
}

/** Replaces an answer the way a proxy would: the change is committed, the client sees 502/503. */
function replaceAnswer(reply: FastifyReply, fault: Fault): string {
  for (const name of Object.keys(reply.getHeaders())) reply.removeHeader(name);
  const bad = fault.kind === '502-after';
  void reply.status(bad ? 502 : 503).header('content-type', 'application/json; charset=utf-8');
  const message = bad ? 'The gateway got no answer from the service.' : 'The service is unavailable; try again later.';
  return JSON.stringify(errorBody('service_unavailable', `${message} (fault injected after the request ran)`));
}

/**
 * Carries out the "after" faults once the handler has answered. Add it to a scope after
 * its other onSend hooks (idempotency keys), so the service has kept what it would keep
 * before the answer is lost or replaced on the way out.
 */
export function finishFaults(scope: FastifyInstance): void {
  scope.addHook('onSend', async (request, reply, payload) => {
    const fault = request.faultAfter;
    if (!fault) return payload;
    if (fault.kind !== 'drop') return replaceAnswer(reply, fault);
    // The change is committed; the client sees the connection close with no answer.
    request.log.warn({ fault: 'drop', status: reply.statusCode }, `fault injected: dropping the ${reply.statusCode} answer to ${request.method} ${request.url}`);
    request.raw.socket.destroy();
    return payload;
  });
}
