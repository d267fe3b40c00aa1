/**
 * A route's Fastify schema from the contract's operation table (core/contract/operations.ts):
 * its request schemas validate, its answer schemas serialise and document. Every error status
 * answers the one error body.
 */
import type { FastifySchema } from 'fastify';
import Type from 'typebox';
import { ErrorBodySchema } from '../../core/contract/errors';
import type { Operation } from '../../core/contract/operations';

/** The `{"response": …}` envelope every JSON answer of the interface is wrapped in. */
const envelope = (schema: Type.TSchema) => Type.Object({ response: schema }, { required: ['response'] });

/** Fastify's schema plus the OpenAPI words @fastify/swagger reads from it. */
export type RouteSchema = FastifySchema & { summary?: string; tags?: string[]; security?: unknown[]; hide?: boolean };

export function routeSchema(operation: Operation): RouteSchema {
  const always = [413, 429, ...(operation.open ? [] : [401]), ...(operation.body ? [400] : [])];
  const errors = Object.fromEntries([...new Set([...operation.errors, ...always])].sort().map((status) => [status, ErrorBodySchema]));
  return {
    summary: operation.summary,
    tags: [operation.tag],
    ...(operation.params && { params: operation.params }),
    ...(operation.querystring && { querystring: operation.querystring }),
    ...(operation.body && { body: operation.body }),
    ...(operation.open ? { security: [] } : {}),
    response: {
      ...(operation.response ? { [operation.status]: envelope(operation.response) } : {}),
      ...errors,
    },
  };
}

/** Path parameter `id` as a number (the schema has checked its digits). */
export function idOf(params: unknown): number {
  return Number((params as { id: string }).id);
}

/** A required positive-integer query parameter as a number. */
export function queryId(query: unknown, name: string): number {
  return Number((query as Record<string, string>)[name]);
}
