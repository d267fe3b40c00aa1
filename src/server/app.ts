import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { Db } from './db/open';
import type { ServiceContext } from './context';
import { installErrorHandling, ApiError } from './http/errors';
import { requireBearer, bearerOf, hashSecret } from './http/auth';
import { honourIdempotencyKeys } from './http/idempotency';
import { JobRunner, type JobRunnerOptions } from './jobs/runner';
import { registerOauthRoutes } from './routes/oauth';
import { registerApiRoutes } from './routes';

export interface ServiceOptions {
  db: Db;
  /** Largest accepted request body in bytes (413 beyond). */
  bodyLimit?: number;
  /** Requests per window per token (429 with Retry-After beyond); false turns it off. */
  rateLimit?: { max: number; windowMs: number } | false;
  jobs?: JobRunnerOptions;
  now?: () => Date;
  logger?: boolean;
}

export const DEFAULT_BODY_LIMIT = 32 * 1024 * 1024;
export const DEFAULT_RATE_LIMIT = { max: 1200, windowMs: 60_000 };

export interface Service {
  app: FastifyInstance;
  context: ServiceContext;
}

/** Builds the reference service. Call `app.listen` to serve, or `app.inject` in tests. */
export async function buildService(options: ServiceOptions): Promise<Service> {
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // No type coercion: a body's "true" is not true. Ids in paths and queries are matched
    // as digit strings by the schemas and converted by the routes.
    ajv: { customOptions: { allErrors: true, coerceTypes: false, removeAdditional: false, allowUnionTypes: true } },
    // Trailing slashes appear in the interface document's paths; both forms answer.
    routerOptions: { ignoreTrailingSlash: true },
  });
  const jobs = new JobRunner(options.db, now, { log: app.log, ...options.jobs });
  const context: ServiceContext = { db: options.db, now, jobs };

  installErrorHandling(app);
  await app.register(formbody);
  const limit = options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit;
  if (limit) {
    await app.register(rateLimit, {
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) => {
        const token = bearerOf(request);
        return token ? `t:${hashSecret(token)}` : `ip:${request.ip}`;
      },
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new ApiError('rate_limited', `Too many requests; try again in ${seconds} s.`, [], { 'retry-after': String(seconds) });
      },
    });
  }

  app.get('/health', async () => ({ response: { ok: true } }));
  app.get('/favicon.ico', async (_request, reply) => reply.status(204).send());
  registerOauthRoutes(app, context);
  await app.register(async (api) => {
    requireBearer(api, options.db, now);
    honourIdempotencyKeys(api, options.db, now);
    registerApiRoutes(api, context);
  });

  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  jobs.start();
  return { app, context };
}
