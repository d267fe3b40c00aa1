import type { FastifyInstance } from 'fastify';
import { MAX_PER_PAGE, DEFAULT_PER_PAGE, OUTCOMES, PAGING_HEADERS, SLICES, type SubjectFilters } from '../../core/contract/subjects';
import { todayOf } from '../../core/subjects/dates';
import { FILTER_PARAMS, ORDER_BY_VALUES } from '../../core/subjects/filter-params';
import type { ServiceContext } from '../context';
import { exportSubjects, SUBJECT_EXPORT_PARAMS } from '../export/subject-export';
import { countMatches, matchingIds, prepareSearch, searchItems } from '../search/run';
import { canEmail } from '../../core/search/expressions';
import { OPERATIONS } from '../../core/contract/operations';
import { routeSchema } from './operation';

const SUBJECTS = '/api/v1/subjects';

/** The interface's search sample uses /v1 without /api; both answer (docs/interface.md). */
const SEARCH_PATHS = [`${SUBJECTS}/search`, '/v1/subjects/search'];

const FILTER_PARAMS_ANSWER = {
  filters: FILTER_PARAMS,
  slices: SLICES,
  outcomes: OUTCOMES,
  order_by: ORDER_BY_VALUES,
  paging: { page_from: 1, default_per: DEFAULT_PER_PAGE, max_per: MAX_PER_PAGE, headers: PAGING_HEADERS },
  notes: [
    'Filters combine with AND; a list filter matches any of its values.',
    'An empty list, like an absent filter, is not applied.',
    'Archived subjects are left out unless include_archived is true.',
  ],
};

/** Search (both paths), export, send_email_params, and the two static descriptions. */
export function registerSubjectActionRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  const { db } = ctx;
  const bodyOf = (body: unknown) => (body ?? {}) as SubjectFilters;

  for (const path of SEARCH_PATHS) {
    // The interface's sample path is documented under the /api/v1 one; it is the same operation.
    api.post(path, { schema: path === SEARCH_PATHS[0] ? routeSchema(OPERATIONS.subjectSearch) : { ...routeSchema(OPERATIONS.subjectSearch), hide: true } }, async (request, reply) => {
      const companyId = request.caller.companyId;
      const today = todayOf(ctx.now());
      const search = prepareSearch(db, companyId, bodyOf(request.body), today);
      const { page, per, campaignId } = search.filters;
      const { total, ids } = db.transaction(() => ({
        total: countMatches(db, search.compiled),
        ids: matchingIds(db, search.compiled, per, (page - 1) * per),
      }))();
      void reply.headers({ [PAGING_HEADERS.total]: String(total), [PAGING_HEADERS.page]: String(page), [PAGING_HEADERS.per]: String(per) });
      return { response: searchItems(db, companyId, campaignId, ids, today) };
    });
  }

  api.post(`${SUBJECTS}/export`, { schema: routeSchema(OPERATIONS.subjectExport) }, async (request, reply) => {
    const companyId = request.caller.companyId;
    const today = todayOf(ctx.now());
    const search = prepareSearch(db, companyId, bodyOf(request.body), today);
    return reply.status(201).send({ response: await exportSubjects(ctx, companyId, search, today) });
  });

  // Answers who an e-mail to a selection would reach; it sends nothing, so it answers 200.
  api.post(`${SUBJECTS}/send_email_params`, { schema: routeSchema(OPERATIONS.subjectSendEmailParams) }, async (request) => {
    const companyId = request.caller.companyId;
    const today = todayOf(ctx.now());
    const search = prepareSearch(db, companyId, bodyOf(request.body), today);
    const [reachSql, reachParams] = canEmail('s', today);
    const { total, ids } = db.transaction(() => ({
      total: countMatches(db, search.compiled),
      ids: matchingIds(db, { ...search.compiled, fromWhere: `${search.compiled.fromWhere} AND (${reachSql})`, params: [...search.compiled.params, ...reachParams] }),
    }))();
    return { response: { recipient_count: ids.length, excluded_count: total - ids.length, subject_ids: ids } };
  });

  api.get(`${SUBJECTS}/filter_params`, { schema: routeSchema(OPERATIONS.subjectFilterParams) }, async () => ({ response: FILTER_PARAMS_ANSWER }));
  api.get(`${SUBJECTS}/export_params`, { schema: routeSchema(OPERATIONS.subjectExportParams) }, async () => ({ response: SUBJECT_EXPORT_PARAMS }));
}
