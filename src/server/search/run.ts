import type { SubjectFilters, SubjectSearchItem } from '../../core/contract/subjects';
import { normaliseFilters, type NormalisedFilters } from '../../core/subjects/filters';
import type { Db } from '../db/open';
import { invalid, notFound } from '../http/errors';
import { findBlast, findCampaign, standingsOf } from '../store/campaigns';
import { loadSubjects } from '../store/subjects';
import { compileSearch, type CompiledSearch } from '../../core/search/compile';
import { SERVICE_SEARCH_TABLES } from './tables';

export interface PreparedSearch {
  filters: NormalisedFilters;
  compiled: CompiledSearch;
}

/**
 * Reads a search body for a company: 422 naming each filter that does not fit, 404 for a
 * campaign or blast the company does not have, and the blast's stored filter folded in.
 */
export function prepareSearch(db: Db, companyId: number, body: SubjectFilters, today: string): PreparedSearch {
  const { filters, errors } = normaliseFilters(body);
  if (errors.length > 0) throw invalid(errors);
  if (filters.campaignId !== null && !findCampaign(db, companyId, filters.campaignId)) throw notFound(`Recruiting campaign ${filters.campaignId}`);
  let stored: NormalisedFilters | null = null;
  if (filters.blastId !== null && filters.campaignId !== null) {
    const blast = findBlast(db, companyId, filters.blastId);
    if (!blast) throw notFound(`Recruiting blast ${filters.blastId}`);
    if (blast.campaign_id !== filters.campaignId) throw invalid([{ field: 'recruiting_blast_id', message: 'belongs to another recruiting campaign' }]);
    const read = normaliseFilters(blast.filters, { storedFor: blast.campaign_id });
    if (read.errors.length > 0) throw invalid([{ field: 'recruiting_blast_id', message: `the blast's stored filter is invalid: ${read.errors.map((e) => e.field).join(', ')}` }]);
    stored = read.filters;
  }
  return { filters, compiled: compileSearch(SERVICE_SEARCH_TABLES, filters, today, { scope: ['s.company_id = ?', [companyId]], blast: stored }) };
}

export { countMatches, matchingIds } from '../store/subject-search';

/** Whole records for ids (in their order), each with its standing in the searched campaign. */
export function searchItems(db: Db, companyId: number, campaignId: number | null, ids: readonly number[], today: string): SubjectSearchItem[] {
  const subjects = loadSubjects(db, companyId, ids, today);
  const standings = campaignId === null ? null : standingsOf(db, campaignId, ids);
  return subjects.map((subject) => ({ ...subject, campaign: standings?.get(subject.id) ?? null }));
}
