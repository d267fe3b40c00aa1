import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context';
import { notFound } from '../http/errors';
import { documentContent, findDocument } from '../store/documents';
import { OPERATIONS } from '../../core/contract/operations';
import { idOf, serve } from './operation';

/** Documents made by the export operations: metadata, and the file itself. */
export function registerDocumentRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  serve(api, OPERATIONS.documentShow, async (request) => {
    const id = idOf(request.params);
    const found = findDocument(ctx.db, request.caller.companyId, id);
    if (!found) throw notFound(`Document ${id}`);
    return found;
  });

  serve(api, OPERATIONS.documentDownload, async (request, reply) => {
    const id = idOf(request.params);
    const found = findDocument(ctx.db, request.caller.companyId, id);
    const content = found && documentContent(ctx.db, request.caller.companyId, id);
    if (!found || !content) throw notFound(`Document ${id}`);
    // The file name comes from data; only a safe ASCII form goes into the header.
    const asciiName = found.file_name.replace(/[^A-Za-z0-9._-]/g, '_');
    return reply
      .header('content-type', found.content_type)
      .header('content-disposition', `attachment; filename="${asciiName}"`)
      .header('x-content-type-options', 'nosniff')
      .send(content);
  });
}
