/** Request and response types of subjects, households and subject search (docs/interface.md). */

export interface Household {
  id: number;
  address: string | null;
  city: string | null;
  country: string | null;
  state: string | null;
  zip: string | null;
}

/** On create: an `id` joins an existing household; without one a new household is made. */
export interface HouseholdInput {
  id?: number;
  address?: string | null;
  city?: string | null;
  country?: string | null;
  state?: string | null;
  zip?: string | null;
}

export interface SubjectInput {
  head_of_household?: boolean;
  code?: string | null;
  preferred_language?: string | null;
  contact_exclusion_until_date?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  middle_initial?: string | null;
  email?: string | null;
  /** `YYYYMMDD` (as in the interface sample) or `YYYY-MM-DD`; answered as `YYYY-MM-DD`. */
  date_of_birth?: string | null;
  phone?: string | null;
  mobile_phone?: string | null;
  work_phone?: string | null;
  notes?: string | null;
  onboarding_completed_at?: string | null;
  minor_entry_completed_at?: string | null;
  archived_at?: string | null;
  cid?: string | number | null;
  demographic_ids?: number[];
  location_ids?: number[];
  household?: HouseholdInput;
  /** Extensions the search filters need (docs/interface.md). */
  consented_at?: string | null;
  opted_out_at?: string | null;
  has_account?: boolean;
  /** Optimistic lock on update: a stale value answers 409. */
  lock_version?: number;
}

export interface Subject {
  id: number;
  company_id: number;
  household_id: number;
  household: Household;
  head_of_household: boolean;
  code: string | null;
  preferred_language: string | null;
  contact_exclusion_until_date: string | null;
  first_name: string | null;
  last_name: string | null;
  middle_initial: string | null;
  email: string | null;
  date_of_birth: string | null;
  phone: string | null;
  mobile_phone: string | null;
  work_phone: string | null;
  notes: string | null;
  onboarding_completed_at: string | null;
  minor_entry_completed_at: string | null;
  archived_at: string | null;
  cid: string | null;
  demographic_ids: number[];
  location_ids: number[];
  consented_at: string | null;
  opted_out_at: string | null;
  has_account: boolean;
  /** Derived (docs/interface.md). */
  age: number | null;
  is_minor: boolean;
  consented: boolean;
  can_call: boolean;
  can_email: boolean;
  lock_version: number;
  created_at: string;
  updated_at: string;
}

export const SLICES = ['rank', 'scheduled', 'qualified', 'terminated', 'unconfirmed', 'contacted', 'ineligible'] as const;
export type Slice = (typeof SLICES)[number];

export const OUTCOMES = ['contacted', 'alternate', 'qualified_accepted', 'schedule_conflict', 'terminated', 'declined'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const QUALIFIED_OUTCOMES: readonly Outcome[] = ['alternate', 'qualified_accepted', 'schedule_conflict'];

/** Where a subject stands in the searched campaign. */
export interface CampaignStanding {
  recruiting_campaign_id: number;
  rank: number | null;
  outcome: Outcome | null;
  schedule_status: 'scheduled' | 'unscheduled' | null;
  interaction_rating: number | null;
  last_contacted_at: string | null;
}

/** The search-oriented form: the whole record (so a mirror can be filled from search pages)
 *  plus the subject's standing in the searched campaign. */
export interface SubjectSearchItem extends Subject {
  campaign: CampaignStanding | null;
}

export type DatePart = 'years' | 'months';
export type OrderBy = 'id' | 'first_name' | 'last_name' | 'email' | 'date_of_birth' | 'created_at' | 'updated_at' | 'rank';

export interface SubjectFilters {
  recruiting_campaign_id?: number;
  slice?: Slice | null;
  recruiting_blast_id?: number;
  only_quota_qualified?: boolean;
  selected_subjects?: number[];
  search_term?: string;
  page?: number;
  per?: number;
  order_by?: OrderBy;
  order_dir?: 'asc' | 'desc';
  include_archived?: boolean;
  interaction_rating_threshold?: number;
  call_eligible?: boolean;
  blast_eligible?: boolean;
  opt_outs?: boolean;
  participated?: boolean;
  participated_after?: string;
  participated_before?: string;
  date_part?: DatePart;
  min_age?: number;
  max_age?: number;
  adult_with_minor_date_part?: DatePart;
  adult_with_minor_min_age?: number;
  adult_with_minor_max_age?: number;
  created_after?: string;
  created_before?: string;
  has_account?: boolean;
  consented?: boolean;
  can_call?: boolean;
  can_email?: boolean;
  languages?: string[];
  location_ids?: number[];
  demographic_ids?: number[];
  selected_outcomes?: Outcome[];
  adult_with_minor_demographic_ids?: number[];
}

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 1000;

/** Paging travels in headers so the body stays the plain array the interface shows. */
export const PAGING_HEADERS = { total: 'x-total-count', page: 'x-page', per: 'x-per-page' } as const;
