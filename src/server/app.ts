import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Db } from './db/open';
import type { ServiceContext } from './context';
import { ApiError } from '../core/contract/api-error';
import { installErrorHandling, frameworkErrors } from './http/errors';
import { requireBearer, bearerOf, hashSecret } from './http/auth';
import { requireJsonBodies } from './http/content-type';
import { honourIdempotencyKeys } from './http/idempotency';
import { refuseIllFormedText } from './http/well-formed-text';
import { answerClientError, requireHostHeader } from './http/client-errors';
import { parseFormsStrictly, parseJsonStrictly } from './http/body-parsers';
import { JobRunner, type JobRunnerOptions } from './jobs/runner';
import { registerOauthRoutes } from './routes/oauth';
import { registerApiRoutes } from './routes';
import { installFaults, finishFaults, type FaultOptions, type FaultPlan } from './faults';
import { prepareTokenLookups } from './store/access-tokens';
import { HeavyWorkQueue } from './export/heavy-work';
import { collectOpenApi, serveOpenApi } from './openapi';

export interface ServiceOptions {
  db: Db;
  /** Largest accepted request body in bytes (413 beyond). */
  bodyLimit?: number;
  /** Requests per window per token (429 with Retry-After beyond); false turns it off. */
  rateLimit?: { max: number; windowMs: number } | false;
  jobs?: JobRunnerOptions;
  now?: () => Date;
  /** Fastify's logger settings; off unless given (the command line logs warnings). */
  logger?: FastifyServerOptions['logger'];
  /** Fault mode (tests and `muster serve --faults`); off unless given. */
  faults?: FaultOptions;
}

export const DEFAULT_BODY_LIMIT = 32 * 1024 * 1024;
export const DEFAULT_RATE_LIMIT = { max: 1200, windowMs: 60_000 };

export interface Service {
  app: FastifyInstance;
  context: ServiceContext;
  /** The fault plan, to program faults in-process; only in fault mode. */
  faults?: FaultPlan;
}

/** Builds the reference service. Call `app.listen` to serve, or `app.inject` in tests. */
export async function buildService(options: ServiceOptions): Promise<Service> {
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? false,
    clientErrorHandler: answerClientError,
    // Refused in the one error body by requireHostHeader instead of Node's empty 400.
    http: { requireHostHeader: false },
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // No type coercion: a body's "true" is not true. Ids in paths and queries are matched
    // as digit strings by the schemas and converted by the routes.
    ajv: { customOptions: { allErrors: true, coerceTypes: false, removeAdditional: false, allowUnionTypes: true } },
    // Trailing slashes appear in the interface document's paths; both forms answer.
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  });
  const jobs = new JobRunner(options.db, now, { log: app.log, ...options.jobs });
  const context: ServiceContext = { db: options.db, now, jobs, heavy: new HeavyWorkQueue() };

  installErrorHandling(app);
  requireHostHeader(app);
  parseJsonStrictly(app);
  const faults = options.faults ? installFaults(app, options.faults, options.db, now) : undefined;
  const limit = options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit;
  const tokens = prepareTokenLookups(options.db);
  if (limit) {
    // An instance-level hook, so it runs before authentication: refused guesses count too.
    await app.register(rateLimit, {
      global: false,
      max: limit.max,
      timeWindow: limit.windowMs,
      // Only a token the service issued earns its own allowance; made-up tokens (and the
      // token endpoint) count against the caller's address, so guessing is limited too.
      keyGenerator: (request) => {
        const token = bearerOf(request);
        const hash = token ? hashSecret(token) : null;
        return hash && tokens.isKnown(hash) ? `t:${hash}` : `ip:${request.ip}`;
      },
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new ApiError('rate_limited', `Too many requests; try again in ${seconds} s.`, [], { headers: { 'retry-after': String(seconds) } });
      },
    });
    app.addHook('onRequest', app.rateLimit());
  }

  await collectOpenApi(app);
  app.get('/health', async () => ({ response: { ok: true } }));
  app.get('/favicon.ico', async (_request, reply) => reply.status(204).send());
  await app.register(async (oauth) => {
    parseFormsStrictly(oauth);
    refuseIllFormedText(oauth);
    if (faults) finishFaults(oauth);
    registerOauthRoutes(oauth, context);
  });
  await app.register(async (api) => {
    requireJsonBodies(api);
    refuseIllFormedText(api);
    requireBearer(api, options.db, now);
    honourIdempotencyKeys(api, options.db, now);
    if (faults) finishFaults(api); // after the idempotency hook: a lost answer is still kept
    registerApiRoutes(api, context);
  });

  serveOpenApi(app);

  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  jobs.start();
  return { app, context, faults };
}
