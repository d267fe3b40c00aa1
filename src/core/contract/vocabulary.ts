/**
 * The words the AppApi's schemas are built from, kept in the contract so the contract
 * stands on nothing else in the repository: the workspace grid's columns, what a paste may
 * hold, the kinds of row problems and warnings, and the subject and household fields. The
 * rules that use them (core/drafts, core/intake, core/subjects) import them from here.
 */

/** The workspace grid's columns, one per participant field. */
export const GRID_FIELDS = ['external_id', 'name', 'email', 'locale', 'note', 'demographics'] as const;
export type GridField = (typeof GRID_FIELDS)[number];

/** What one paste may hold: the cells it covers and the rows it adds after the last (drafts.paste). */
export const PASTE_LIMITS = { edits: 100_000, rows: 10_000 } as const;

/** What can be wrong with a row, as data: the app and the command line word it in the
 *  person's language, exports in English (core/intake/problems.ts). */
export const ROW_PROBLEM_KINDS = [
  'name_missing',
  'name_too_long',
  'email_missing',
  'email_invalid',
  'locale_unknown',
  'external_id_too_long',
  'note_too_long',
  'demographics_invalid',
  'shares_email',
  'shares_email_participant',
  'email_of_several_participants',
  'repeats',
] as const;
export type RowProblemKind = (typeof ROW_PROBLEM_KINDS)[number];

/** What a person should know about a row that does not stop its import (core/intake/row-warnings.ts). */
export const ROW_WARNING_KINDS = [
  'looks_like_formula',
  'looks_like_html',
  'email_invisible',
  'locale_blank',
  'locale_hint',
  'id_scientific',
  'id_cut_digits',
  'demographic_unknown',
  'category_unknown',
  // Known only from the sheet's cells: kept with the draft row as read (sheet notes).
  'email_spaces',
  'email_fallback',
  'last_name_joined',
] as const;
export type RowWarningKind = (typeof ROW_WARNING_KINDS)[number];

/** The grid's columns a warning can be about (GRID_FIELDS above). */
export const WARNING_FIELDS = ['external_id', 'name', 'email', 'locale', 'note', 'demographics'] as const;
export type WarningField = (typeof WARNING_FIELDS)[number];

/** A household's address fields. */
export const HOUSEHOLD_FIELDS = ['address', 'city', 'country', 'state', 'zip'] as const;
export type HouseholdField = (typeof HOUSEHOLD_FIELDS)[number];

/** Longest accepted text per field, counted after trimming; longer is refused, never cut. */
export const SUBJECT_TEXT_MAX = {
  code: 100,
  preferred_language: 35,
  first_name: 100,
  last_name: 100,
  middle_initial: 10,
  email: 254,
  phone: 40,
  mobile_phone: 40,
  work_phone: 40,
  notes: 10_000,
  cid: 100,
} as const;
export type SubjectTextField = keyof typeof SUBJECT_TEXT_MAX;
export const SUBJECT_TEXT_FIELDS = Object.keys(SUBJECT_TEXT_MAX) as SubjectTextField[];

export const SUBJECT_DATE_FIELDS = ['date_of_birth', 'contact_exclusion_until_date'] as const;
export const SUBJECT_TIMESTAMP_FIELDS = ['onboarding_completed_at', 'minor_entry_completed_at', 'archived_at', 'consented_at', 'opted_out_at'] as const;
export const SUBJECT_FLAG_FIELDS = ['head_of_household', 'has_account'] as const;

/** Why the import action left a row out (core/participants/skipped.ts). */
export const SKIP_REASONS = ['invalid', 'repeat', 'shared_email'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** Why a column was mapped as it was, as data the catalogs word (core/intake/mapping-reasons.ts). */
export const MAPPING_REASON_CODES = [
  'values_email', 'values_locale', 'empty', 'no_header', 'categorical', 'no_match', 'category_exact', 'category_like',
  'word', 'name_beside_first', 'name_beside_last', 'second_email', 'surname_part', 'supplied_by', 'chosen_instead',
  'chosen', 'remembered',
] as const;
export type MappingReasonCode = (typeof MAPPING_REASON_CODES)[number];

/** How a header matched a known word (core/intake/match.ts). */
export const MATCH_HOWS = ['exact', 'spacing', 'decorated', 'typo', 'contained'] as const;
export type MatchHow = (typeof MATCH_HOWS)[number];

/** What a recognised header word led to: the plain sentence, or one more said after it. */
export const MAPPING_OUTCOMES = ['plain', 'bridged', 'demographic', 'email_values', 'not_property', 'few_emails', 'few_locales'] as const;
export type MappingOutcome = (typeof MAPPING_OUTCOMES)[number];

/** What is said of a sheet as a whole (core/intake/check-sheet.ts). */
export const SHEET_NOTE_CODES = ['sheet_empty', 'no_header', 'nothing_mapped', 'csv_repaired', 'csv_single_column', 'catalog_unknown'] as const;
export type SheetNoteCode = (typeof SHEET_NOTE_CODES)[number];

/** Why a fix is suggested (core/suggestions/reason-words.ts words them). */
/** Each code's sentence is `fixes.reasons.<code>`. */
export const SUGGESTION_REASON_CODES = [
  // Spaces and invisible characters (text.ts); `what` lists the parts below.
  'tidy', 'tidy_invisible', 'tidy_doubled', 'tidy_ends', 'tidy_stray',
  // E-mails (email.ts, email-domain.ts): `steps` said one after another.
  'email', 'email_several', 'email_invisible', 'email_angle_brackets', 'email_mailto', 'email_at', 'email_dot', 'email_quotes', 'email_spaces', 'email_doubled_at',
  'email_trailing_dot', 'email_domain_dots', 'email_tidied', 'domain_no_ending', 'domain_joined', 'domain_slip_no_ending', 'domain_slip', 'domain_near',
  // External ids (ids.ts).
  'id_scientific', 'id_scientific_cut', 'id_zeros', 'id_zeros_taken',
  // Locales (locale.ts).
  'locale_own_spelling', 'locale_as_written', 'locale_no_region', 'locale_language_only_one', 'locale_language_only', 'locale_uk', 'locale_country',
  'locale_named', 'locale_named_region', 'locale_slipped_one', 'locale_slipped', 'locale_invisible', 'locale_hint',
  // Demographic values matched to the event's catalog (demographic.ts).
  'demographic_remembered', 'demographic_range', 'demographic_word', 'demographic_same',
  // Repeated rows (repeats.ts): the row repeated, what merging and removing keep, and what is lost either way.
  'repeat', 'repeat_differing', 'repeat_merge_adds', 'repeat_merge_nothing', 'repeat_remove_drops', 'repeat_remove_nothing', 'repeat_differ', 'repeat_item', 'repeat_item_quoted', 'repeat_item_category',
] as const;
export type SuggestionReasonCode = (typeof SUGGESTION_REASON_CODES)[number];

/** What a fix changed, as the catalogs name it (`fixes.fields.<field>`): sentences and counts say it. */
export const FIX_FIELDS = ['external_id', 'name', 'email', 'locale', 'note', 'demographic'] as const;
export type FixField = (typeof FIX_FIELDS)[number];
