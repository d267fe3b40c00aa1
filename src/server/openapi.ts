/**
 * The OpenAPI 3.1 document of the interface, made by @fastify/swagger from the routes' schemas
 * (which come from core/contract/operations.ts), and served at OPENAPI_PATH without a token:
 * it describes the interface, not any company's data. `npm run openapi` writes it to
 * docs/openapi.json, and a test keeps that file and the served document the same.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { version } from '../../package.json';
import { OPENAPI_PATH } from '../core/contract/operations';

export { OPENAPI_PATH };

/** Registers the document's collector; call before any route is added. */
export async function collectOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Event participant import and subject management',
        version,
        description:
          'The recruiting service interface as the Muster reference service implements it. Decisions the interface document leaves open are written down in docs/interface.md.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
      tags: [{ name: 'imports' }, { name: 'import actions' }, { name: 'documents' }, { name: 'subjects' }, { name: 'auth' }],
    },
    hideUntagged: true,
    exposeHeadRoutes: false,
  });
}

/** Serves the document; call after every route is added. */
export function serveOpenApi(app: FastifyInstance): void {
  app.get(OPENAPI_PATH, { schema: { hide: true } as object }, async () => app.swagger());
}
