import type { FastifyInstance } from 'fastify';
import { MAX_PER_PAGE, DEFAULT_PER_PAGE, OUTCOMES, PAGING_HEADERS, SLICES } from '../../core/contract/subjects';
import { todayOf } from '../../core/subjects/dates';
import { FILTER_PARAMS, ORDER_BY_VALUES } from '../../core/contract/filter-params';
import type { ServiceContext } from '../context';
import { exportSubjects, SUBJECT_EXPORT_PARAMS } from '../export/subject-export';
import { countMatches, matchingIds, prepareSearch, searchItems } from '../search/run';
import { canEmail } from '../../core/search/expressions';
import { OPERATIONS } from '../../core/contract/operations';
import { serve } from './operation';

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

/** Search (at both its paths), export, send_email_params, and the two static descriptions. */
export function registerSubjectActionRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  const { db } = ctx;

  // The interface's sample searches at /v1 without /api (the operation's alsoAt): both answer.
  serve(api, OPERATIONS.subjectSearch, async (request, reply) => {
    const companyId = request.caller.companyId;
    const today = todayOf(ctx.now());
    const search = prepareSearch(db, companyId, request.body ?? {}, today);
    const { page, per, campaignId } = search.filters;
    const { total, ids } = db.transaction(() => ({
      total: countMatches(db, search.compiled),
      ids: matchingIds(db, search.compiled, per, (page - 1) * per),
    }))();
    void reply.headers({ [PAGING_HEADERS.total]: String(total), [PAGING_HEADERS.page]: String(page), [PAGING_HEADERS.per]: String(per) });
    return searchItems(db, companyId, campaignId, ids, today);
  });

  serve(api, OPERATIONS.subjectExport, async (request) => {
    const companyId = request.caller.companyId;
    const today = todayOf(ctx.now());
    const search = prepareSearch(db, companyId, request.body ?? {}, today);
    return exportSubjects(ctx, companyId, search, today);
  });

  // Answers who an e-mail to a selection would reach; it sends nothing, so it answers 200.
  serve(api, OPERATIONS.subjectSendEmailParams, async (request) => {
    const companyId = request.caller.companyId;
    const today = todayOf(ctx.now());
    const search = prepareSearch(db, companyId, request.body ?? {}, today);
    const [reachSql, reachParams] = canEmail('s', today);
    const { total, ids } = db.transaction(() => ({
      total: countMatches(db, search.compiled),
      ids: matchingIds(db, { ...search.compiled, fromWhere: `${search.compiled.fromWhere} AND (${reachSql})`, params: [...search.compiled.params, ...reachParams] }),
    }))();
    return { recipient_count: ids.length, excluded_count: total - ids.length, subject_ids: ids };
  });

  serve(api, OPERATIONS.subjectFilterParams, async () => FILTER_PARAMS_ANSWER);
  serve(api, OPERATIONS.subjectExportParams, async () => SUBJECT_EXPORT_PARAMS);
}
