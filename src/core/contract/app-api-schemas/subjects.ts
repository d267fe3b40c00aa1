/**
 * Subjects of the active account, from the mirror (offline): searched with the service's own
 * filters, opened with their household, created, changed and removed offline (each change
 * waits in the outbox), a conflict settled field by field, campaigns followed so their
 * slices can be searched, and the current search written to a spreadsheet.
 */
import Type from 'typebox';
import { SubjectFiltersSchema } from '../filters';
import { SubjectInputSchema, type SubjectFilters } from '../subjects';
import { HOUSEHOLD_FIELDS, SUBJECT_DATE_FIELDS, SUBJECT_FLAG_FIELDS, SUBJECT_TEXT_FIELDS, SUBJECT_TIMESTAMP_FIELDS } from '../vocabulary';
import { SavedFileSchema } from './files';
import { MessagesSchema } from './sync';

const Count = Type.Integer({ minimum: 0 });
const Millis = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]);
const LocalId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const CampaignId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Text = Type.Union([Type.String(), Type.Null()]);
/** The service's search body, checked by its schema, typed as the contract's SubjectFilters. */
const Filters = Type.Unsafe<SubjectFilters>(SubjectFiltersSchema);

/** synced: as the service has it; created / updated: waiting to be sent; conflict: changed on both sides. */
export const SUBJECT_ROW_STATES = ['synced', 'created', 'updated', 'conflict'] as const;

export const SubjectRowSchema = Type.Object({
  localId: Type.Integer(),
  remoteId: Type.Union([Type.Integer(), Type.Null()]),
  firstName: Text,
  lastName: Text,
  email: Text,
  phone: Text,
  dateOfBirth: Text,
  state: Type.Enum(SUBJECT_ROW_STATES),
});

export const FollowedCampaignSchema = Type.Object({
  campaignId: Type.Integer(),
  /** When its slices were last pulled; null until the next sync fetches them. */
  pulledAt: Millis,
  members: Count,
  /** Why the last pull could not read it, in words. */
  problem: Text,
});

export const SubjectSearchSchema = Type.Object({
  rows: Type.Array(SubjectRowSchema),
  total: Count,
  /** Counting stopped at `total`: there are at least that many. */
  totalIsAtLeast: Type.Boolean(),
  page: Type.Integer({ minimum: 1 }),
  per: Type.Integer({ minimum: 1 }),
  /** When the mirror last pulled from the service; null before the first sync. */
  dataAsOf: Millis,
  campaigns: Type.Array(FollowedCampaignSchema),
});

const textFields = [...SUBJECT_TEXT_FIELDS, ...SUBJECT_DATE_FIELDS, ...SUBJECT_TIMESTAMP_FIELDS];
export const SubjectFieldsSchema = Type.Object({
  ...(Object.fromEntries(textFields.map((f) => [f, Text])) as Record<(typeof textFields)[number], typeof Text>),
  ...(Object.fromEntries(SUBJECT_FLAG_FIELDS.map((f) => [f, Type.Boolean()])) as Record<(typeof SUBJECT_FLAG_FIELDS)[number], ReturnType<typeof Type.Boolean>>),
  demographic_ids: Type.Array(Type.Integer()),
  location_ids: Type.Array(Type.Integer()),
});

export const HouseholdMemberSchema = Type.Object({ localId: Type.Integer(), firstName: Text, lastName: Text, dateOfBirth: Text });

export const SubjectHouseholdSchema = Type.Object({
  localId: Type.Integer(),
  remoteId: Type.Union([Type.Integer(), Type.Null()]),
  ...(Object.fromEntries(HOUSEHOLD_FIELDS.map((f) => [f, Text])) as Record<(typeof HOUSEHOLD_FIELDS)[number], typeof Text>),
  /** The other subjects in it. */
  members: Type.Array(HouseholdMemberSchema),
});

/** A value as either side has it: text, a yes/no, a list of ids, or nothing. */
const Value = Type.Union([Type.String(), Type.Boolean(), Type.Array(Type.Integer()), Type.Null()]);

export const SubjectConflictSchema = Type.Object({
  /** The service deleted the subject while it was changed here: the one choice is `deleted`. */
  deleted: Type.Boolean(),
  /** Each field changed on both sides (household fields as `household.city`, a move as `household_id`). */
  fields: Type.Array(Type.Object({ field: Type.String(), mine: Value, theirs: Value })),
});

export const SubjectDetailSchema = Type.Object({
  localId: Type.Integer(),
  remoteId: Type.Union([Type.Integer(), Type.Null()]),
  state: Type.Enum(SUBJECT_ROW_STATES),
  fields: SubjectFieldsSchema,
  household: SubjectHouseholdSchema,
  conflict: Type.Union([SubjectConflictSchema, Type.Null()]),
  /** Why the service refused the last change sent, if it did. */
  refused: Text,
  /** `refused` as catalog words (transport.*), when it is Muster's own sentence: the page says it in its language. */
  refusedWords: Type.Union([MessagesSchema, Type.Null()]),
  dataAsOf: Millis,
  /** Names for the subject's demographic ids, where this computer learned them from an event's catalog. */
  demographicNames: Type.Array(Type.Object({ id: Type.Integer(), category: Type.String(), name: Type.String() })),
});

const Named = { id: Type.Integer(), name: Type.String() };
/** A category of the catalog; `exclusive`: a subject has at most one of its demographics. */
export const DemographicCategorySchema = Type.Object({ ...Named, exclusive: Type.Boolean(), demographics: Type.Array(Type.Object(Named)) });

/** What kind of problem a field has, so the page can say it in the person's language. */
export const FIELD_PROBLEM_KINDS = ['blank', 'too_long', 'email', 'date', 'birth_range', 'timestamp', 'ids', 'child_household', 'other'] as const;

export const FieldProblemSchema = Type.Object({
  field: Type.String(),
  kind: Type.Enum(FIELD_PROBLEM_KINDS),
  /** The longest text allowed, for `too_long`. */
  limit: Type.Union([Type.Integer(), Type.Null()]),
  /** The sentence in English, for `other`. */
  message: Type.String(),
});

export const SaveResultSchema = Type.Union([
  Type.Object({ saved: Type.Literal(true), subject: SubjectDetailSchema }),
  Type.Object({ saved: Type.Literal(false), problems: Type.Array(FieldProblemSchema) }),
]);

export const SaveSubjectSchema = Type.Object({
  input: SubjectInputSchema,
  /** Join (or move to) this household of the mirror, by its local id. */
  householdLocalId: Type.Optional(LocalId),
});

export const SUBJECTS_METHODS = {
  'subjects.search': { args: Type.Tuple([Filters]), result: SubjectSearchSchema },
  'subjects.get': { args: Type.Tuple([LocalId]), result: SubjectDetailSchema },
  /** Every demographic this computer learned by name (from events' catalogs), by category; empty before any was learned. */
  'subjects.demographics': { args: Type.Tuple([]), result: Type.Array(DemographicCategorySchema) },
  /** Creates (null) or changes a subject offline; invalid input is answered field by field, not thrown. */
  'subjects.save': { args: Type.Tuple([Type.Union([LocalId, Type.Null()]), SaveSubjectSchema]), result: SaveResultSchema },
  'subjects.remove': { args: Type.Tuple([LocalId]), result: Type.Object({ removed: Type.Boolean() }) },
  /** A choice of 'mine' or 'theirs' for every field in conflict. */
  'subjects.resolve': {
    args: Type.Tuple([LocalId, Type.Record(Type.String(), Type.Enum(['mine', 'theirs']))]),
    result: Type.Object({ state: Type.Enum(['synced', 'updated', 'created', 'forgotten']) }),
  },
  'subjects.follow': { args: Type.Tuple([CampaignId]), result: Type.Array(FollowedCampaignSchema) },
  'subjects.unfollow': { args: Type.Tuple([CampaignId]), result: Type.Array(FollowedCampaignSchema) },
  /** Writes every subject the search finds (all pages) as xlsx or csv, formula-looking cells neutralised. */
  'subjects.export': {
    args: Type.Tuple([Filters, Type.Enum(['xlsx', 'csv'])]),
    result: Type.Object({ ...SavedFileSchema, rows: Count }),
  },
  /** The service's own xlsx export of the search (every match as the service has it now); needs the service. */
  'subjects.exportOnService': {
    args: Type.Tuple([Filters]),
    result: Type.Object(SavedFileSchema),
  },
} as const;
