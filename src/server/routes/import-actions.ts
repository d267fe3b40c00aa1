import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context';
import { ApiError } from '../../core/contract/api-error';
import { notFound } from '../http/errors';
import { findAction, flagsOf, hasUnfinishedAction, insertAction, listActions } from '../store/import-actions';
import { OPERATIONS } from '../../core/contract/operations';
import { ownImport } from './imports';
import { idOf, serve } from './operation';

export function registerImportActionRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  const { db } = ctx;

  serve(api, OPERATIONS.actionCreate, async (request) => {
    const { body, caller } = request;
    const actionId = db.transaction(() => {
      const found = ownImport(db, caller.companyId, body.participant_import_id);
      if (hasUnfinishedAction(db, found.id)) {
        throw new ApiError('conflict', 'This import already has an import action that has not ended; wait for it before starting another.');
      }
      return insertAction(db, caller, found.id, flagsOf(body), found.participant_count, ctx.now());
    })();
    ctx.jobs.enqueue(actionId);
    return findAction(db, caller.companyId, actionId)!;
  });

  serve(api, OPERATIONS.actionIndex, async (request) => {
    const importId = Number(request.query.participant_import_id);
    ownImport(db, request.caller.companyId, importId);
    const list = listActions(db, request.caller.companyId, importId);
    return { participant_import_actions: list, count: list.length };
  });

  serve(api, OPERATIONS.actionShow, async (request) => {
    const id = idOf(request.params);
    const found = findAction(db, request.caller.companyId, id);
    if (!found) throw notFound(`Participant import action ${id}`);
    return found;
  });
}
