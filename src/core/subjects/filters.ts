import type { ErrorDetail } from '../contract/errors';
import { DEFAULT_PER_PAGE, type DatePart, type OrderBy, type Outcome, type Slice, type SubjectFilters } from '../contract/subjects';
import { parseDate, parseInstant } from './dates';

export interface AgeRange {
  unit: DatePart;
  min: number | null;
  max: number | null;
}

/** Filters after reading: defaults applied, arrays de-duplicated, dates in stored form.
 *  `null` means "not applied" everywhere. */
export interface NormalisedFilters {
  campaignId: number | null;
  /** The effective slice: `rank` whenever a campaign is given without one. */
  slice: Slice | null;
  blastId: number | null;
  onlyQuotaQualified: boolean;
  page: number;
  per: number;
  orderBy: OrderBy;
  orderDir: 'asc' | 'desc';
  includeArchived: boolean;
  searchTerms: string[];
  ratingThreshold: number | null;
  callEligible: boolean | null;
  blastEligible: boolean | null;
  optOuts: boolean | null;
  participated: { yes: boolean; after: string | null; before: string | null } | null;
  age: AgeRange | null;
  adultWithMinor: (AgeRange & { demographicIds: number[] | null }) | null;
  createdAfter: string | null;
  createdBefore: string | null;
  hasAccount: boolean | null;
  consented: boolean | null;
  canCall: boolean | null;
  canEmail: boolean | null;
  selectedSubjects: number[] | null;
  languages: string[] | null;
  locationIds: number[] | null;
  demographicIds: number[] | null;
  outcomes: Outcome[] | null;
}

/** Filters that say nothing without a campaign to read standings from. */
export const CAMPAIGN_FILTERS = ['slice', 'recruiting_blast_id', 'only_quota_qualified', 'interaction_rating_threshold', 'selected_outcomes'] as const;

/** Keys a blast's stored filter may not carry: they belong to the search that applies it. */
const SEARCH_ONLY_KEYS = ['recruiting_campaign_id', 'slice', 'recruiting_blast_id', 'page', 'per', 'order_by', 'order_dir'] as const;

const bool = (value: boolean | undefined): boolean | null => (typeof value === 'boolean' ? value : null);

/**
 * The words of a search term. Control characters separate words; a word without a letter or
 * a digit ("-", "&") is left out, since no index entry could match it and it would make the
 * whole search find nobody ("Smith & Jones").
 */
function searchWords(term: string): string[] {
  // eslint-disable-next-line no-control-regex
  return term.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
}

/** Empty arrays mean "not applied": interfaces send [] when nothing was picked. */
function list<T>(values: readonly T[] | undefined): T[] | null {
  if (!values || values.length === 0) return null;
  return [...new Set(values)];
}

function range(unit: DatePart | undefined, min: number | undefined, max: number | undefined, maxField: string, errors: ErrorDetail[]): AgeRange | null {
  if (min === undefined && max === undefined) return null;
  if (min !== undefined && max !== undefined && min > max) errors.push({ field: maxField, message: 'must not be smaller than the minimum age' });
  return { unit: unit ?? 'years', min: min ?? null, max: max ?? null };
}

/**
 * Reads a search body. Types were checked by the request schema; this checks how filters
 * fit together (which ones need a campaign or a slice) and the date formats, naming the
 * field at fault. With `storedFor` (a blast's campaign), the keys that only make sense for
 * a search are dropped: a blast's filter narrows the search that applies it and nothing else.
 */
export function normaliseFilters(raw: SubjectFilters, options: { storedFor?: number } = {}): { filters: NormalisedFilters; errors: ErrorDetail[] } {
  const input: SubjectFilters = { ...raw };
  if (options.storedFor !== undefined) {
    for (const key of SEARCH_ONLY_KEYS) delete input[key];
    // A blast applies only with slice rank of its own campaign, so its filter is read in that light.
    Object.assign(input, { recruiting_campaign_id: options.storedFor, slice: 'rank' });
  }
  const errors: ErrorDetail[] = [];
  const campaignId = input.recruiting_campaign_id ?? null;
  const requireCampaign = (field: string) => {
    if (campaignId === null) errors.push({ field, message: 'needs recruiting_campaign_id' });
  };

  const givenSlice = input.slice ?? null;
  if (givenSlice !== null) requireCampaign('slice');
  const slice = campaignId === null ? null : (givenSlice ?? 'rank');
  const blastId = input.recruiting_blast_id ?? null;
  if (blastId !== null) {
    requireCampaign('recruiting_blast_id');
    if (slice !== null && slice !== 'rank') errors.push({ field: 'recruiting_blast_id', message: 'applies only with slice rank' });
  }
  const onlyQuotaQualified = input.only_quota_qualified === true;
  if (onlyQuotaQualified && slice !== 'qualified') errors.push({ field: 'only_quota_qualified', message: 'applies only with slice qualified' });
  const ratingThreshold = input.interaction_rating_threshold ?? null;
  if (ratingThreshold !== null) requireCampaign('interaction_rating_threshold');
  const outcomes = list(input.selected_outcomes);
  if (outcomes) requireCampaign('selected_outcomes');
  const orderBy = input.order_by ?? (slice === 'rank' ? 'rank' : 'id');
  if (orderBy === 'rank' && campaignId === null) errors.push({ field: 'order_by', message: 'rank needs recruiting_campaign_id' });

  const dateOf = (field: 'participated_after' | 'participated_before') => {
    const value = input[field];
    if (value === undefined) return null;
    const date = parseDate(value);
    if (date === null) errors.push({ field, message: 'must be a date written YYYY-MM-DD or YYYYMMDD' });
    return date;
  };
  const instantOf = (field: 'created_after' | 'created_before') => {
    const value = input[field];
    if (value === undefined) return null;
    const instant = parseInstant(value);
    if (instant === null) errors.push({ field, message: 'must be a date (YYYY-MM-DD) or an ISO 8601 timestamp with a zone' });
    return instant;
  };
  const after = dateOf('participated_after');
  const before = dateOf('participated_before');
  const participated = input.participated === undefined && after === null && before === null ? null : { yes: input.participated !== false, after, before };

  const age = range(input.date_part, input.min_age, input.max_age, 'max_age', errors);
  const minorDemographics = list(input.adult_with_minor_demographic_ids);
  const minorRange = range(input.adult_with_minor_date_part, input.adult_with_minor_min_age, input.adult_with_minor_max_age, 'adult_with_minor_max_age', errors);
  const minorAsked = minorRange !== null || minorDemographics !== null || input.adult_with_minor_date_part !== undefined;
  const adultWithMinor = minorAsked
    ? { ...(minorRange ?? { unit: input.adult_with_minor_date_part ?? 'years', min: null, max: null }), demographicIds: minorDemographics }
    : null;

  const languages = list((input.languages ?? []).map((l) => l.trim().toLowerCase()).filter((l) => l !== ''));
  const filters: NormalisedFilters = {
    campaignId,
    slice,
    blastId,
    onlyQuotaQualified,
    page: input.page ?? 1,
    per: input.per ?? DEFAULT_PER_PAGE,
    orderBy,
    orderDir: input.order_dir ?? 'asc',
    includeArchived: input.include_archived === true,
    searchTerms: searchWords(input.search_term ?? ''),
    ratingThreshold,
    callEligible: bool(input.call_eligible),
    blastEligible: bool(input.blast_eligible),
    optOuts: bool(input.opt_outs),
    participated,
    age,
    adultWithMinor,
    createdAfter: instantOf('created_after'),
    createdBefore: instantOf('created_before'),
    hasAccount: bool(input.has_account),
    consented: bool(input.consented),
    canCall: bool(input.can_call),
    canEmail: bool(input.can_email),
    selectedSubjects: list(input.selected_subjects),
    languages,
    locationIds: list(input.location_ids),
    demographicIds: list(input.demographic_ids),
    outcomes,
  };
  return { filters, errors };
}
