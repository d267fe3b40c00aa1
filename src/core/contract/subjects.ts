/**
 * Subjects, households and subject search, as schemas (docs/interface.md): the one definition
 * the reference service validates and serialises with, the client checks answers with, and the
 * OpenAPI document is made from; the TypeScript types are derived from them. The search
 * filters' schema is built from their descriptions (core/contract/filter-params.ts), which
 * the compiler holds to `SubjectFilters` below.
 */
import Type, { type Static } from 'typebox';
import { Nullable } from './nullable';

/** Integers beyond 2^53 cannot be told apart once parsed, so none is accepted (422, never a changed number). */
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Text = Nullable(Type.String());
const IdList = Type.Array(Id, { maxItems: 1000 });
/** A date sent as eight digits, or a cid as a number: an integer that stays exact. */
const SafeInteger = Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER });

export const HouseholdSchema = Type.Object({ id: Id, address: Text, city: Text, country: Text, state: Text, zip: Text });
export type Household = Static<typeof HouseholdSchema>;

/** On create: an `id` joins an existing household; without one a new household is made. */
export const HouseholdInputSchema = Type.Partial(HouseholdSchema, { additionalProperties: false });
export type HouseholdInput = Static<typeof HouseholdInputSchema>;

/**
 * The body of subject create and update. Types are checked by the schema (422 naming the
 * field); formats, lengths and rules that need the database are checked by core and the
 * routes. No `default` keyword appears: the service's validator would write defaults in.
 */
export const SubjectInputSchema = Type.Object(
  {
    head_of_household: Type.Optional(Type.Boolean()),
    code: Type.Optional(Text),
    preferred_language: Type.Optional(Text),
    /** `YYYYMMDD` (as in the interface sample, also as a number) or `YYYY-MM-DD`; answered as `YYYY-MM-DD`. */
    contact_exclusion_until_date: Type.Optional(Nullable(Type.Union([Type.String(), SafeInteger]))),
    first_name: Type.Optional(Text),
    last_name: Type.Optional(Text),
    middle_initial: Type.Optional(Text),
    email: Type.Optional(Text),
    date_of_birth: Type.Optional(Nullable(Type.Union([Type.String(), SafeInteger]))),
    phone: Type.Optional(Text),
    mobile_phone: Type.Optional(Text),
    work_phone: Type.Optional(Text),
    notes: Type.Optional(Text),
    onboarding_completed_at: Type.Optional(Text),
    minor_entry_completed_at: Type.Optional(Text),
    archived_at: Type.Optional(Text),
    cid: Type.Optional(Nullable(Type.Union([Type.String(), SafeInteger]))),
    demographic_ids: Type.Optional(IdList),
    location_ids: Type.Optional(IdList),
    household: Type.Optional(HouseholdInputSchema),
    // Extensions the search filters need (docs/interface.md).
    consented_at: Type.Optional(Text),
    opted_out_at: Type.Optional(Text),
    has_account: Type.Optional(Type.Boolean()),
    /** Optimistic lock on update: a stale value answers 409. */
    lock_version: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  },
  { additionalProperties: false },
);
export type SubjectInput = Static<typeof SubjectInputSchema>;

export const SubjectSchema = Type.Object({
  id: Id,
  company_id: Id,
  household_id: Id,
  household: HouseholdSchema,
  head_of_household: Type.Boolean(),
  code: Text,
  preferred_language: Text,
  contact_exclusion_until_date: Text,
  first_name: Text,
  last_name: Text,
  middle_initial: Text,
  email: Text,
  date_of_birth: Text,
  phone: Text,
  mobile_phone: Text,
  work_phone: Text,
  notes: Text,
  onboarding_completed_at: Text,
  minor_entry_completed_at: Text,
  archived_at: Text,
  cid: Text,
  demographic_ids: Type.Array(Id),
  location_ids: Type.Array(Id),
  consented_at: Text,
  opted_out_at: Text,
  has_account: Type.Boolean(),
  age: Nullable(Type.Integer({ minimum: 0 })),
  is_minor: Type.Boolean(),
  consented: Type.Boolean(),
  can_call: Type.Boolean(),
  can_email: Type.Boolean(),
  lock_version: Type.Integer({ minimum: 0 }),
  created_at: Type.String(),
  updated_at: Type.String(),
  /** Days (YYYY-MM-DD, oldest first) the subject took part in an event, so a mirror can
   *  answer the participated filters offline. An extension (docs/interface.md); read-only. */
  participation_dates: Type.Optional(Type.Array(Type.String())),
});
export type Subject = Static<typeof SubjectSchema>;

export const SLICES = ['rank', 'scheduled', 'qualified', 'terminated', 'unconfirmed', 'contacted', 'ineligible'] as const;
export type Slice = (typeof SLICES)[number];

export const OUTCOMES = ['contacted', 'alternate', 'qualified_accepted', 'schedule_conflict', 'terminated', 'declined'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const QUALIFIED_OUTCOMES: readonly Outcome[] = ['alternate', 'qualified_accepted', 'schedule_conflict'];

/** Where a subject stands in the searched campaign. */
export const CampaignStandingSchema = Type.Object({
  recruiting_campaign_id: Id,
  rank: Nullable(Type.Integer()),
  outcome: Nullable(Type.Enum(OUTCOMES)),
  schedule_status: Nullable(Type.Enum(['scheduled', 'unscheduled'])),
  interaction_rating: Nullable(Type.Number()),
  last_contacted_at: Text,
});
export type CampaignStanding = Static<typeof CampaignStandingSchema>;

/** The search-oriented form: the whole record (so a mirror can be filled from search pages)
 *  plus the subject's standing in the searched campaign. */
export const SubjectSearchItemSchema = Type.Object({ ...SubjectSchema.properties, campaign: Nullable(CampaignStandingSchema) });
export type SubjectSearchItem = Static<typeof SubjectSearchItemSchema>;

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

/** The last page a search may ask for: far beyond any list, and its offset stays an exact integer. */
export const MAX_PAGE = 1_000_000;
export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 1000;

/** Paging travels in headers so the body stays the plain array the interface shows. */
export const PAGING_HEADERS = { total: 'x-total-count', page: 'x-page', per: 'x-per-page' } as const;
