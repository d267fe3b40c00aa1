/**
 * Participant imports, their parse and their actions, as schemas (docs/interface.md). Each
 * schema is the one definition of its request or answer: the reference service validates and
 * serialises with it, the client checks answers with it, the OpenAPI document is made from it,
 * and the TypeScript types below are derived from it.
 */
import Type, { type Static } from 'typebox';
import { Nullable } from './nullable';
import { LOCALES, type Locale } from './locales';
import { IMPORT_FLAG_NAMES, DEFAULT_IMPORT_FLAGS, type ImportFlagName, type ImportFlags } from './import-flags';

export { LOCALES, type Locale };

/** The most participants one import may carry (docs/interface.md, Limits). */
export const MAX_PARTICIPANTS = 200_000;

/** Integers beyond 2^53 cannot be told apart once parsed, so none is accepted (422, never a changed number). */
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Count = Type.Integer({ minimum: 0 });
const Timestamp = Type.String({ description: 'ISO 8601 timestamp' });
/** Spreadsheets hand us numbers for ids, so a submitted text may be a number. */
const SubmittedText = Type.Union([Type.String(), Type.Number(), Type.Null()]);

export const DemographicEntryInputSchema = Type.Object(
  {
    demographic_category_name: Type.String({ maxLength: 255 }),
    demographic_name: Type.String({ maxLength: 255 }),
    exclusive: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DemographicEntryInput = Static<typeof DemographicEntryInputSchema>;

/** One participant as submitted. */
export const ParticipantInputSchema = Type.Object(
  {
    external_id: Type.Optional(SubmittedText),
    name: Type.Optional(SubmittedText),
    email: Type.Optional(SubmittedText),
    locale: Type.Optional(SubmittedText),
    note: Type.Optional(SubmittedText),
    demographics: Type.Optional(Nullable(Type.Array(DemographicEntryInputSchema, { maxItems: 200 }))),
  },
  { additionalProperties: false },
);
export type ParticipantInput = Static<typeof ParticipantInputSchema>;

export { IMPORT_FLAG_NAMES, DEFAULT_IMPORT_FLAGS, type ImportFlagName, type ImportFlags };

/** The six flags, each a boolean; `satisfies` keeps this list and IMPORT_FLAG_NAMES the same. */
const FLAG_PROPERTIES = {
  save_missing_categories: Type.Boolean(),
  only_demographics: Type.Boolean(),
  destroy_existing_demographics: Type.Boolean(),
  destroy_unmatched_participants: Type.Boolean(),
  skip_invalid: Type.Boolean(),
  skip_duplicate_identity_matches: Type.Boolean(),
} satisfies Record<ImportFlagName, Type.TBoolean>;

const OptionalFlags = Type.Partial(Type.Object(FLAG_PROPERTIES));

export const ImportCreateBodySchema = Type.Object(
  {
    external_event_id: Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
    act_if_valid: Type.Optional(Type.Boolean()),
    participants: Type.Array(ParticipantInputSchema, { maxItems: MAX_PARTICIPANTS }),
    ...OptionalFlags.properties,
  },
  { additionalProperties: false },
);
export type ImportCreateBody = Static<typeof ImportCreateBodySchema>;

export const ImportActionCreateBodySchema = Type.Object(
  { participant_import_id: Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }), ...OptionalFlags.properties },
  { additionalProperties: false },
);
export type ImportActionCreateBody = Static<typeof ImportActionCreateBodySchema>;

export const ParticipantImportSchema = Type.Object({
  id: Id,
  event_id: Id,
  company_id: Id,
  created_by_id: Id,
  created_by_type: Type.String(),
  document_file_name: Nullable(Type.String()),
  document_content_type: Nullable(Type.String()),
  document_updated_at: Nullable(Timestamp),
  // Extensions (docs/interface.md): not in the interface document's field table.
  act_if_valid: Type.Boolean(),
  participant_count: Count,
  participant_import_action_id: Nullable(Id),
  created_at: Timestamp,
});
export type ParticipantImport = Static<typeof ParticipantImportSchema>;

export const ImportIndexSchema = Type.Object({ participant_imports: Type.Array(ParticipantImportSchema), count: Count });
export type ImportIndex = Static<typeof ImportIndexSchema>;

export const ParsedDemographicSchema = Type.Object({
  exclusive: Type.Boolean(),
  demographic_name: Type.String(),
  demographic_category_name: Type.String(),
  demographic_category_id: Nullable(Id),
  demographic_id: Nullable(Id),
});
export type ParsedDemographic = Static<typeof ParsedDemographicSchema>;

export const PARTICIPANT_FIELDS = ['external_id', 'name', 'email', 'locale', 'note', 'demographics'] as const;
export type ParticipantField = (typeof PARTICIPANT_FIELDS)[number];
export type MatchField = 'external_id' | 'email';
export const IDENTITY_CONFLICTS = ['email_of_another_person', 'email_of_several_people'] as const;
export type IdentityConflict = (typeof IDENTITY_CONFLICTS)[number];

/** A participant's own values as the service holds them. */
export const MatchedParticipantSchema = Type.Object({
  external_id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  locale: Type.String(),
  note: Type.String(),
});
export type MatchedParticipant = Static<typeof MatchedParticipantSchema>;

export const ParsedParticipantSchema = Type.Object({
  name: Type.String(),
  note: Type.String(),
  email: Type.String(),
  locale: Type.String(),
  external_id: Type.String(),
  demographics: Type.Array(ParsedDemographicSchema),
  row_number: Type.Integer({ minimum: 1 }),
  demographic_ids: Type.Array(Id),
  invalid_fields: Type.Array(Type.Enum(PARTICIPANT_FIELDS)),
  participant_id: Nullable(Id),
  match_field: Nullable(Type.Enum(['external_id', 'email'])),
  /** Extension: the row_number of an earlier row with the same external id or e-mail. */
  duplicate_of_row: Nullable(Type.Integer({ minimum: 1 })),
  /**
   * Extension: the row's e-mail belongs to another person — an earlier row of the payload or a
   * participant of the event with a different external id — so the row is never matched by
   * e-mail and never changes that person; or it belongs to several participants of the event
   * and the row cannot say which one it is, so it changes none of them and is not imported
   * (docs/interface.md, "Identity").
   */
  identity_conflict: Nullable(Type.Enum(IDENTITY_CONFLICTS)),
  /**
   * Extension, only on a row matched by e-mail: the matched participant's values before this
   * import, so a client can show what the row would change before the action runs.
   */
  matched_participant: Type.Optional(MatchedParticipantSchema),
});
export type ParsedParticipant = Static<typeof ParsedParticipantSchema>;

export const ParserResultSchema = Type.Object({ participants: Type.Array(ParsedParticipantSchema) });
export type ParserResult = Static<typeof ParserResultSchema>;

export const IMPORT_ACTION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ImportActionStatus = (typeof IMPORT_ACTION_STATUSES)[number];

export function isFinishedStatus(status: ImportActionStatus): boolean {
  return status === 'completed' || status === 'failed';
}

export const ImportActionResultSchema = Type.Object({
  total: Count,
  valid: Count,
  invalid: Count,
  created: Count,
  updated: Count,
  skipped_invalid: Count,
  skipped_duplicates: Count,
  destroyed: Count,
  categories_created: Count,
  demographics_created: Count,
  /** Entries left out because their category or demographic is unknown and not saved. */
  demographics_ignored: Count,
  /** Rows that repeat an earlier row's person and were merged into it (demographics only). */
  merged_duplicates: Count,
  /** Rows sharing an e-mail with another person; written as their own participant or skipped, never merged. */
  identity_conflicts: Count,
  /**
   * Extension: of those, rows whose e-mail several participants of the event hold, so the row
   * could not say which of them it is and was not imported. Absent from services without it.
   */
  skipped_conflicts: Type.Optional(Count),
});
export type ImportActionResult = Static<typeof ImportActionResultSchema>;

export const ParticipantImportActionSchema = Type.Object({
  id: Id,
  participant_import_id: Id,
  company_id: Id,
  status: Type.Enum(IMPORT_ACTION_STATUSES),
  progress: Type.Object({ total: Count, processed: Count }),
  result: Nullable(ImportActionResultSchema),
  /** A sentence for a person when status is failed. */
  error: Nullable(Type.String()),
  created_by_id: Id,
  created_by_type: Type.String(),
  created_at: Timestamp,
  started_at: Nullable(Timestamp),
  finished_at: Nullable(Timestamp),
  ...FLAG_PROPERTIES,
});
export type ParticipantImportAction = Static<typeof ParticipantImportActionSchema>;

export const ImportActionIndexSchema = Type.Object({ participant_import_actions: Type.Array(ParticipantImportActionSchema), count: Count });
export type ImportActionIndex = Static<typeof ImportActionIndexSchema>;

/** A downloadable file made by an export operation. */
export const DocumentRecordSchema = Type.Object({
  id: Id,
  file_name: Type.String(),
  content_type: Type.String(),
  byte_size: Count,
  created_at: Timestamp,
  /** Path below the service's base address; needs the same bearer token. */
  download_path: Type.String(),
});
export type DocumentRecord = Static<typeof DocumentRecordSchema>;

export const LookupColumnSchema = Type.Object({
  name: Type.String(),
  type: Type.Enum(['string', 'boolean', 'array']),
  required: Type.Boolean(),
  description: Type.String(),
});
export type LookupColumn = Static<typeof LookupColumnSchema>;

/** The static column schema answered by the import lookup operation. */
export const ImportLookupSchema = Type.Object({
  columns: Type.Array(LookupColumnSchema),
  demographic_entry: Type.Array(LookupColumnSchema),
  flags: Type.Array(Type.Object({ name: Type.Enum(IMPORT_FLAG_NAMES), default: Type.Boolean(), description: Type.String() })),
  locales: Type.Array(Type.String()),
});
export type ImportLookup = Static<typeof ImportLookupSchema>;
