/** Request and response types of participant imports and import actions (docs/interface.md). */

export const LOCALES = [
  'ar_EG', 'bn_BN', 'cs_CS', 'de_DE', 'da_DA', 'el_EL', 'en_US', 'en_AU', 'en_GB', 'es_ES', 'et_EE',
  'fi_FI', 'fr_FR', 'hi_IN', 'hu_HU', 'it_IT', 'ja_JP', 'ko_KR', 'ms_MY', 'nb_NO', 'nl_BE', 'pl_PL',
  'pt_BR', 'ro_RO', 'ru_RU', 'sv_SE', 'tl_PH', 'tr_TR', 'uk_UA', 'vi_VI', 'zh_CN',
] as const;
export type Locale = (typeof LOCALES)[number];

export interface DemographicEntryInput {
  demographic_category_name: string;
  demographic_name: string;
  exclusive?: boolean;
}

/** One participant as submitted. Spreadsheets hand us numbers for ids, so ids may be numbers. */
export interface ParticipantInput {
  external_id?: string | number | null;
  name?: string | null;
  email?: string | null;
  locale?: string | null;
  note?: string | null;
  demographics?: DemographicEntryInput[] | null;
}

export const IMPORT_FLAG_NAMES = [
  'save_missing_categories',
  'only_demographics',
  'destroy_existing_demographics',
  'destroy_unmatched_participants',
  'skip_invalid',
  'skip_duplicate_identity_matches',
] as const;
export type ImportFlagName = (typeof IMPORT_FLAG_NAMES)[number];
export type ImportFlags = Record<ImportFlagName, boolean>;

export const DEFAULT_IMPORT_FLAGS: Readonly<ImportFlags> = Object.freeze({
  save_missing_categories: true,
  only_demographics: false,
  destroy_existing_demographics: false,
  destroy_unmatched_participants: false,
  skip_invalid: false,
  skip_duplicate_identity_matches: false,
});

export interface ImportCreateBody extends Partial<ImportFlags> {
  external_event_id: number;
  act_if_valid?: boolean;
  participants: ParticipantInput[];
}

export interface ImportActionCreateBody extends Partial<ImportFlags> {
  participant_import_id: number;
}

export interface ParticipantImport {
  id: number;
  event_id: number;
  company_id: number;
  created_by_id: number;
  created_by_type: string;
  document_file_name: string | null;
  document_content_type: string | null;
  document_updated_at: string | null;
  /** Extensions (docs/interface.md): not in the interface document's field table. */
  act_if_valid: boolean;
  participant_count: number;
  participant_import_action_id: number | null;
  created_at: string;
}

export interface ImportIndex {
  participant_imports: ParticipantImport[];
  count: number;
}

export interface ParsedDemographic {
  exclusive: boolean;
  demographic_name: string;
  demographic_category_name: string;
  demographic_category_id: number | null;
  demographic_id: number | null;
}

export type ParticipantField = 'external_id' | 'name' | 'email' | 'locale' | 'note' | 'demographics';
export type MatchField = 'external_id' | 'email';

export interface ParsedParticipant {
  name: string;
  note: string;
  email: string;
  locale: string;
  external_id: string;
  demographics: ParsedDemographic[];
  row_number: number;
  demographic_ids: number[];
  invalid_fields: ParticipantField[];
  participant_id: number | null;
  match_field: MatchField | null;
  /** Extension: the row_number of an earlier row with the same external id or e-mail. */
  duplicate_of_row: number | null;
}

export interface ParserResult {
  participants: ParsedParticipant[];
}

export const IMPORT_ACTION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ImportActionStatus = (typeof IMPORT_ACTION_STATUSES)[number];

export function isFinishedStatus(status: ImportActionStatus): boolean {
  return status === 'completed' || status === 'failed';
}

export interface ImportActionResult {
  total: number;
  valid: number;
  invalid: number;
  created: number;
  updated: number;
  skipped_invalid: number;
  skipped_duplicates: number;
  destroyed: number;
  categories_created: number;
  demographics_created: number;
  /** Entries left out because their category or demographic is unknown and not saved. */
  demographics_ignored: number;
}

export interface ParticipantImportAction extends ImportFlags {
  id: number;
  participant_import_id: number;
  company_id: number;
  status: ImportActionStatus;
  progress: { total: number; processed: number };
  result: ImportActionResult | null;
  /** A sentence for a person when status is failed. */
  error: string | null;
  created_by_id: number;
  created_by_type: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface ImportActionIndex {
  participant_import_actions: ParticipantImportAction[];
  count: number;
}

/** A downloadable file made by an export operation. */
export interface DocumentRecord {
  id: number;
  file_name: string;
  content_type: string;
  byte_size: number;
  created_at: string;
  /** Path below the service's base address; needs the same bearer token. */
  download_path: string;
}

/** The static column schema answered by the import lookup operation. */
export interface ImportLookup {
  columns: LookupColumn[];
  demographic_entry: LookupColumn[];
  flags: { name: ImportFlagName; default: boolean; description: string }[];
  locales: readonly string[];
}

export interface LookupColumn {
  name: string;
  type: 'string' | 'boolean' | 'array';
  required: boolean;
  description: string;
}
