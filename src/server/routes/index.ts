import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context';
import { registerImportRoutes } from './imports';
import { registerImportActionRoutes } from './import-actions';
import { registerDocumentRoutes } from './documents';
import { registerSubjectRoutes } from './subjects';

/** Every authenticated operation of the interface (paths in docs/interface.md). */
export function registerApiRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  registerImportRoutes(api, ctx);
  registerImportActionRoutes(api, ctx);
  registerDocumentRoutes(api, ctx);
  registerSubjectRoutes(api, ctx);
}
