import type { FastifyInstance } from 'fastify';
import type { SubjectInput } from '../../core/contract/subjects';
import { todayOf } from '../../core/subjects/dates';
import type { ServiceContext } from '../context';
import { notFound } from '../http/errors';
import { loadSubject } from '../store/subjects';
import { registerSubjectActionRoutes } from './subject-actions';
import { createSubject, destroySubject, updateSubjectById } from './subject-write';
import { OPERATIONS } from '../../core/contract/operations';
import { idOf, routeSchema } from './operation';

export const SUBJECTS = '/api/v1/subjects';

/** Subjects, households and search: see docs/interface.md. */
export function registerSubjectRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  registerSubjectActionRoutes(api, ctx);

  api.post(SUBJECTS, { schema: routeSchema(OPERATIONS.subjectCreate) }, async (request, reply) =>
    reply.status(201).send({ response: createSubject(ctx, request.caller.companyId, request.body as SubjectInput) }),
  );

  api.get(`${SUBJECTS}/:id`, { schema: routeSchema(OPERATIONS.subjectShow) }, async (request) => {
    const id = idOf(request.params);
    const subject = loadSubject(ctx.db, request.caller.companyId, id, todayOf(ctx.now()));
    if (!subject) throw notFound(`Subject ${id}`);
    return { response: subject };
  });

  // PUT is read as PATCH: only the fields sent change, so a client never clears what it did not send.
  for (const method of ['PATCH', 'PUT'] as const) {
    api.route({
      method,
      url: `${SUBJECTS}/:id`,
      // PUT is documented under PATCH; it is the same operation.
      schema: method === 'PATCH' ? routeSchema(OPERATIONS.subjectUpdate) : { ...routeSchema(OPERATIONS.subjectUpdate), hide: true },
      handler: async (request) => ({
        response: updateSubjectById(ctx, request.caller.companyId, idOf(request.params), request.body as SubjectInput),
      }),
    });
  }

  api.delete(`${SUBJECTS}/:id`, { schema: routeSchema(OPERATIONS.subjectDestroy) }, async (request) => ({
    response: destroySubject(ctx, request.caller.companyId, idOf(request.params)),
  }));
}
