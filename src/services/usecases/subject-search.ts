/**
 * Subject search answered from the mirror, as the service would answer it: the same
 * reading of the filters (core/subjects/filters.ts) and the same SQL (core/search) over the
 * mirror's tables. What the mirror cannot know is refused in words rather than answered
 * differently: a blast's stored filter lives only on the service, and a campaign's slices
 * are known only once it is followed and pulled.
 */
import Value from 'typebox/value';
import { SubjectFiltersSchema } from '../../core/contract/filters';
import type { SubjectFilters } from '../../core/contract/subjects';
import { compileSearch } from '../../core/search/compile';
import { normaliseFilters } from '../../core/subjects/filters';
import { todayOf } from '../../core/subjects/dates';
import type { MirrorDb } from '../mirror/db';
import { campaignPulledAt } from '../mirror/queries/subjects/campaigns';
import { MIRROR_SEARCH_TABLES } from '../mirror/queries/subjects/search-tables';
import { searchPage } from '../mirror/queries/subjects/subject-search';
import { UseCaseError } from './errors';

export { followCampaign, followedCampaigns, unfollowCampaign, type FollowedCampaign } from '../mirror/queries/subjects/campaigns';

export interface OfflineSearch {
  /** The page's subjects, by local id, in the search's order. */
  localIds: number[];
  total: number;
  page: number;
  per: number;
  /** When the searched campaign's slices were last pulled (null without a campaign). */
  campaignPulledAt: number | null;
  /** True when counting stopped at `countUpTo`: there are at least `total`. */
  totalIsAtLeast: boolean;
}

export interface OfflineSearchOptions {
  /** Every match, no paging (an export). */
  all?: boolean;
  /** Count no further than this (a screen says "more than …"); the service always counts all. */
  countUpTo?: number;
}

/** The first way a body does not fit the filters' schema, in words; an unknown name is named. */
function schemaProblem(body: unknown): string | null {
  if (Value.Check(SubjectFiltersSchema, body)) return null;
  const errors = [...Value.Errors(SubjectFiltersSchema, body)];
  const unknown = errors.flatMap((e) => ((e.params as { additionalProperties?: string[] }).additionalProperties ?? []));
  if (unknown.length > 0) return `There is no search filter called ${unknown.map((name) => `"${name}"`).join(', ')}.`;
  const first = errors.find((e) => e.instancePath !== '') ?? errors[0];
  const field = (first?.instancePath ?? '').split('/').filter(Boolean).join('.') || 'the search';
  return `${field} ${(first?.message ?? 'does not fit').replace(/^must /, 'should ')}.`;
}

export function searchMirrorSubjects(db: MirrorDb, body: SubjectFilters, today: string = todayOf(new Date()), options: OfflineSearchOptions = {}): OfflineSearch {
  const problem = schemaProblem(body);
  if (problem !== null) throw new UseCaseError(problem, 'input', false, 'filters');
  const { filters, errors } = normaliseFilters(body);
  if (errors.length > 0) throw new UseCaseError(errors.map((e) => `${e.field} ${e.message}.`).join(' '), 'input', false, 'filters');
  if (filters.blastId !== null) {
    throw new UseCaseError("A blast's filter is kept on the service only; search with the blast while connected.", 'input', false, 'blast_offline');
  }
  let pulledAt: number | null = null;
  if (filters.campaignId !== null) {
    const campaign = campaignPulledAt(db, filters.campaignId);
    if (campaign.pulledAt === null) {
      const why = campaign.followed ? 'has not been pulled yet; sync first' : 'is not followed here; follow it and sync';
      throw new UseCaseError(`Campaign ${filters.campaignId} ${why}.`, 'input', false, 'campaign_unknown');
    }
    pulledAt = campaign.pulledAt;
  }
  const compiled = compileSearch(MIRROR_SEARCH_TABLES, filters, today);
  const countUpTo = options.countUpTo ?? null;
  const { localIds, total, totalIsAtLeast } = searchPage(db, compiled, options.all ? null : filters.per, options.all ? 0 : (filters.page - 1) * filters.per, countUpTo);
  return { localIds, total, page: filters.page, per: filters.per, campaignPulledAt: pulledAt, totalIsAtLeast };
}
