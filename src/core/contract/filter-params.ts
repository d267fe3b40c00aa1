import { MAX_PAGE, MAX_PER_PAGE, DEFAULT_PER_PAGE, OUTCOMES, SLICES, type SubjectFilters } from './subjects';

export type FilterType = 'integer' | 'number' | 'boolean' | 'string' | 'date' | 'date_or_timestamp' | 'integer[]' | 'string[]';

export interface FilterParam {
  name: string;
  type: FilterType;
  /** The only values accepted (for a list type: for each element). */
  values?: readonly string[];
  nullable?: boolean;
  default?: string | number | boolean;
  minimum?: number;
  maximum?: number;
  max_length?: number;
  max_items?: number;
  /** Another filter this one needs, or a value it needs (`slice=qualified`). */
  requires?: string;
  description: string;
}

const ID_LIST = { type: 'integer[]', max_items: 10_000 } as const;
const AGE = { type: 'integer', minimum: 0, maximum: 2400 } as const;
const DATE_PART = { type: 'string', values: ['years', 'months'], default: 'years' } as const;
export const ORDER_BY_VALUES = ['id', 'first_name', 'last_name', 'email', 'date_of_birth', 'created_at', 'updated_at', 'rank'] as const;

/**
 * Every filter the subject search, export and send_email_params accept, as the
 * filter_params operation describes them. Keyed by the contract's names so
 * the compiler refuses a filter that is not described; the request schema is built from it.
 */
const PARAMS: Record<keyof SubjectFilters, Omit<FilterParam, 'name'>> = {
  recruiting_campaign_id: { type: 'integer', minimum: 1, description: 'Limits the search to one campaign and adds each subject\'s standing in it.' },
  slice: { type: 'string', values: SLICES, nullable: true, requires: 'recruiting_campaign_id', description: 'Part of the campaign; rank when a campaign is given without a slice.' },
  recruiting_blast_id: { type: 'integer', minimum: 1, requires: 'recruiting_campaign_id', description: 'With slice rank: also apply the filter stored on that blast of the campaign.' },
  only_quota_qualified: { type: 'boolean', default: false, requires: 'slice=qualified', description: 'Only subjects holding at least one of the campaign\'s quota demographics.' },
  selected_subjects: { ...ID_LIST, description: 'Only these subject ids.' },
  search_term: { type: 'string', max_length: 200, description: 'Every word must start a word of a name, the e-mail, code, cid or a phone number (also its bare digits); case and accents are ignored ("muller" finds "Müller"); a number also matches the id.' },
  page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1, description: 'Page to answer, counting from 1. Ignored by export and send_email_params.' },
  per: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE, description: 'Subjects per page. Ignored by export and send_email_params.' },
  order_by: { type: 'string', values: ORDER_BY_VALUES, description: 'Sort key: rank by default with slice rank, else id; rank needs a campaign. Ties are broken by id; blanks sort last.' },
  order_dir: { type: 'string', values: ['asc', 'desc'], default: 'asc', description: 'Sort direction.' },
  include_archived: { type: 'boolean', default: false, description: 'Also answer subjects with archived_at set.' },
  interaction_rating_threshold: { type: 'number', minimum: 0, maximum: 5, requires: 'recruiting_campaign_id', description: 'Only subjects whose latest interaction rating in the campaign is at least this.' },
  call_eligible: { type: 'boolean', description: 'true: can_call, not a minor and (with a campaign) neither scheduled nor terminated in it; false: everyone else.' },
  blast_eligible: { type: 'boolean', description: 'true: can_email, consented, not a minor and (with a campaign) neither scheduled nor terminated in it; false: everyone else.' },
  opt_outs: { type: 'boolean', description: 'true: only subjects who opted out; false: only subjects who did not.' },
  participated: { type: 'boolean', description: 'true: took part in an event (in the window of participated_after/before when given); false: did not.' },
  participated_after: { type: 'date', description: 'Window start, inclusive. Alone it means participated=true.' },
  participated_before: { type: 'date', description: 'Window end, exclusive. Alone it means participated=true.' },
  date_part: { ...DATE_PART, description: 'Unit of min_age and max_age.' },
  min_age: { ...AGE, description: 'Youngest age, inclusive, in date_part units; subjects without a birth date never match an age.' },
  max_age: { ...AGE, description: 'Oldest age, inclusive, in date_part units.' },
  adult_with_minor_date_part: { ...DATE_PART, description: 'Unit of the adult_with_minor ages; given alone it asks for adults sharing a household with any minor.' },
  adult_with_minor_min_age: { ...AGE, description: 'Adults sharing a household with a minor at least this old.' },
  adult_with_minor_max_age: { ...AGE, description: 'Adults sharing a household with a minor at most this old.' },
  created_after: { type: 'date_or_timestamp', description: 'Created at or after this instant (a date means its midnight UTC).' },
  created_before: { type: 'date_or_timestamp', description: 'Created before this instant (a date means its midnight UTC).' },
  has_account: { type: 'boolean', description: 'Whether the subject has an account.' },
  consented: { type: 'boolean', description: 'Whether consented_at is set.' },
  can_call: { type: 'boolean', description: 'Whether the subject may be called today (a phone number, no opt-out, no contact exclusion).' },
  can_email: { type: 'boolean', description: 'Whether the subject may be e-mailed today (an address, no opt-out, no contact exclusion).' },
  languages: { type: 'string[]', max_items: 100, max_length: 35, description: 'Any of these preferred languages (case ignored).' },
  location_ids: { ...ID_LIST, description: 'Subjects at any of these locations.' },
  demographic_ids: { ...ID_LIST, description: 'Subjects holding any of these demographics.' },
  selected_outcomes: { type: 'string[]', values: OUTCOMES, requires: 'recruiting_campaign_id', description: 'Subjects whose latest outcome in the campaign is any of these.' },
  adult_with_minor_demographic_ids: { ...ID_LIST, description: 'Adults sharing a household with a minor holding any of these demographics.' },
};

export const FILTER_PARAMS: readonly FilterParam[] = Object.entries(PARAMS).map(([name, param]) => ({ name, ...param }));
