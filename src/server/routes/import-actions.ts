import type { FastifyInstance } from 'fastify';
import type { ImportActionCreateBody } from '../../core/contract/imports';
import type { ServiceContext } from '../context';
import { ApiError, notFound } from '../http/errors';
import { findImport } from '../store/imports';
import { findAction, flagsOf, hasUnfinishedAction, insertAction, listActions } from '../store/import-actions';
import { OPERATIONS } from '../../core/contract/operations';
import { idOf, queryId, routeSchema } from './operation';

const BASE = '/api/v1/participant_import_actions';

export function registerImportActionRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  const { db } = ctx;

  api.post(
    BASE,
    { schema: routeSchema(OPERATIONS.actionCreate) },
    async (request, reply) => {
      const body = request.body as ImportActionCreateBody;
      const caller = request.caller;
      const actionId = db.transaction(() => {
        const found = findImport(db, caller.companyId, body.participant_import_id);
        if (!found) throw notFound(`Participant import ${body.participant_import_id}`);
        if (hasUnfinishedAction(db, found.id)) {
          throw new ApiError('conflict', 'This import already has an import action that has not ended; wait for it before starting another.');
        }
        return insertAction(db, caller, found.id, flagsOf(body), found.participant_count, ctx.now());
      })();
      ctx.jobs.enqueue(actionId);
      return reply.status(201).send({ response: findAction(db, caller.companyId, actionId) });
    },
  );

  api.get(
    BASE,
    { schema: routeSchema(OPERATIONS.actionIndex) },
    async (request) => {
      const importId = queryId(request.query, 'participant_import_id');
      if (!findImport(db, request.caller.companyId, importId)) throw notFound(`Participant import ${importId}`);
      const list = listActions(db, request.caller.companyId, importId);
      return { response: { participant_import_actions: list, count: list.length } };
    },
  );

  api.get(`${BASE}/:id`, { schema: routeSchema(OPERATIONS.actionShow) }, async (request) => {
    const id = idOf(request.params);
    const found = findAction(db, request.caller.companyId, id);
    if (!found) throw notFound(`Participant import action ${id}`);
    return { response: found };
  });
}
