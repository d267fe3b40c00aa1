/**
 * Routes from the contract's operation table (core/contract/operations.ts): each one's method,
 * path, request schemas (which validate), answer schemas (which serialise and document) and
 * success status come from its entry, so a handler only says what the operation does. Every
 * error status answers the one error body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import Type, { type Static } from 'typebox';
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

/** What a request schema admits, or nothing when the operation has no such part. */
type Admitted<S> = S extends Type.TSchema ? Static<S> : undefined;

interface Checked<O extends Operation> {
  Params: Admitted<O['params']>;
  Querystring: Admitted<O['querystring']>;
  Body: Admitted<O['body']>;
}

/** The request as the operation's schemas have already checked it. */
export type OperationRequest<O extends Operation> = FastifyRequest<Checked<O>>;

/** A JSON operation's handler answers the value inside the envelope; one without a JSON answer sends its own reply. */
type Answer<O extends Operation> = O['response'] extends Type.TSchema ? Static<O['response']> : FastifyReply;

export type OperationHandler<O extends Operation> = (request: OperationRequest<O>, reply: FastifyReply) => Answer<O> | Promise<Answer<O>>;

/** Route options an operation may need beyond its schemas. */
export type ServeOptions = Pick<RouteShorthandOptions, 'bodyLimit' | 'preValidation' | 'serializerCompiler'>;

/**
 * Registers `operation` at its path and method, and at the paths and methods it is also
 * answered at (hidden from the OpenAPI document, where the operation appears once).
 */
export function serve<O extends Operation>(api: FastifyInstance, operation: O, handler: OperationHandler<O>, options: ServeOptions = {}): void {
  const schema = routeSchema(operation);
  const answer = async (request: OperationRequest<O>, reply: FastifyReply) => {
    const value = await handler(request, reply);
    return operation.response ? reply.status(operation.status).send({ response: value }) : value;
  };
  const routes = [
    { method: operation.method, url: operation.path, schema },
    ...(operation.alsoAt ?? []).map((url) => ({ method: operation.method, url, schema: { ...schema, hide: true } })),
    ...(operation.alsoAs ?? []).map((method) => ({ method, url: operation.path, schema: { ...schema, hide: true } })),
  ];
  for (const route of routes) api.route<Checked<O>>({ ...options, ...route, handler: answer });
}

/** Path parameter `id` as a number (the schema has checked its digits). */
export function idOf(params: { id: string }): number {
  return Number(params.id);
}
