import type { FastifyInstance } from 'fastify';
import { todayOf } from '../../core/subjects/dates';
import type { ServiceContext } from '../context';
import { notFound } from '../http/errors';
import { loadSubject } from '../store/subjects';
import { registerSubjectActionRoutes } from './subject-actions';
import { createSubject, destroySubject, updateSubjectById } from './subject-write';
import { OPERATIONS } from '../../core/contract/operations';
import { idOf, serve } from './operation';

/** Subjects, households and search: see docs/interface.md. */
export function registerSubjectRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  registerSubjectActionRoutes(api, ctx);

  serve(api, OPERATIONS.subjectCreate, async (request) => createSubject(ctx, request.caller.companyId, request.body));

  serve(api, OPERATIONS.subjectShow, async (request) => {
    const id = idOf(request.params);
    const subject = loadSubject(ctx.db, request.caller.companyId, id, todayOf(ctx.now()));
    if (!subject) throw notFound(`Subject ${id}`);
    return subject;
  });

  // PUT (the operation's alsoAs) is read as PATCH: only the fields sent change, so a client
  // never clears what it did not send.
  serve(api, OPERATIONS.subjectUpdate, async (request) => updateSubjectById(ctx, request.caller.companyId, idOf(request.params), request.body));

  serve(api, OPERATIONS.subjectDestroy, async (request) => destroySubject(ctx, request.caller.companyId, idOf(request.params)));
}
