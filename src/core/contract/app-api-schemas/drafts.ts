/**
 * The import workspace: a spreadsheet opened as a draft, its rows with their problems, edits
 * saved at once, undo and redo that outlive a restart, and the push of the draft.
 */
import Type from 'typebox';
import {
  GRID_FIELDS, MAPPING_OUTCOMES, MAPPING_REASON_CODES, MATCH_HOWS, PASTE_LIMITS, ROW_PROBLEM_KINDS, ROW_WARNING_KINDS, SHEET_NOTE_CODES, SKIP_REASONS,
  WARNING_FIELDS,
} from '../vocabulary';
import { IMPORT_ACTION_STATUSES, IMPORT_FLAG_NAMES } from '../imports';
import { DraftSummarySchema, ExternalEventId } from './events';
import { FileTicket, SavedFileSchema } from './files';

const Count = Type.Integer({ minimum: 0 });
const DraftId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Field = Type.Enum(GRID_FIELDS);
/** Texts from the sheet and counts a sentence of the catalogs is filled with. */
const Params = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));
/** Why a column is read as it is, as data the renderer words (core/intake/mapping-reasons.ts). */
const MappingReasonSchema = Type.Object({
  code: Type.Enum(MAPPING_REASON_CODES),
  params: Type.Optional(Params),
  how: Type.Optional(Type.Enum(MATCH_HOWS)),
  outcome: Type.Optional(Type.Enum(MAPPING_OUTCOMES)),
});

export const WorkspaceRowSchema = Type.Object({
  position: Type.Integer(),
  sourceRow: Type.Union([Type.Integer(), Type.Null()]),
  cells: Type.Object(Object.fromEntries(GRID_FIELDS.map((f) => [f, Type.String()])) as Record<(typeof GRID_FIELDS)[number], ReturnType<typeof Type.String>>),
  invalid: Type.Array(Field),
  /** What is wrong, as data the renderer words in the person's language (core/intake/problems.ts). */
  problems: Type.Array(
    Type.Object({ kind: Type.Enum(ROW_PROBLEM_KINDS), value: Type.Optional(Type.String()), limit: Type.Optional(Count), row: Type.Optional(Type.Integer()) }),
  ),
  /** What the person should know but does not stop the import, as data (core/intake/row-warnings.ts). */
  warnings: Type.Array(
    Type.Object({
      kind: Type.Enum(ROW_WARNING_KINDS),
      field: Type.Enum(WARNING_FIELDS),
      value: Type.Optional(Type.String()),
      category: Type.Optional(Type.String()),
      options: Type.Optional(Type.Array(Type.String())),
      columns: Type.Optional(Type.Array(Type.String())),
      headers: Type.Optional(Type.Array(Type.String())),
    }),
  ),
  /** The position of the earlier row this one repeats (same external id or e-mail). */
  repeats: Type.Union([Type.Integer(), Type.Null()]),
  /** The earlier row has the same e-mail but another external id: another person, never merged. */
  sharesEmail: Type.Boolean(),
});

export const WorkspaceSummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  externalEventId: Type.Integer(),
  state: Type.Enum(['editing', 'ready', 'pushing', 'pushed', 'failed']),
  rows: Count,
  invalidRows: Count,
  duplicateRows: Count,
  canUndo: Type.Boolean(),
  canRedo: Type.Boolean(),
  /** Rows per kind of problem or warning and column, kept up to date edit by edit (core/drafts/problem-groups.ts). */
  groups: Type.Array(
    Type.Object({ level: Type.Enum(['problem', 'warning']), kind: Type.Enum([...ROW_PROBLEM_KINDS, ...ROW_WARNING_KINDS]), field: Type.Enum(WARNING_FIELDS), rows: Count }),
  ),
});

export const WorkspacePageSchema = Type.Object({
  draft: WorkspaceSummarySchema,
  matching: Count,
  rows: Type.Array(WorkspaceRowSchema),
});

/** What an edit, undo or redo changed: the summary and each row whose cells or problems changed. */
export const WorkspaceChangeSchema = Type.Object({ draft: WorkspaceSummarySchema, rows: Type.Array(WorkspaceRowSchema) });

export const CellEditSchema = Type.Object({ position: Type.Integer(), field: Field, value: Type.String({ maxLength: 10_000 }) });

/** A row the service reads differently from the offline check, with both readings as text. */
export const DisagreementSchema = Type.Object({
  /** The spreadsheet row the grid shows; 0 for the whole list; null for a row added here. */
  row: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** invalid_fields, duplicate_of_row, identity_conflict, demographic_ids, or participants (the count). */
  field: Type.String(),
  offline: Type.String(),
  service: Type.String(),
});

/** A row that would update a participant the service found by its e-mail, not its external id. */
export const EmailUpdateSchema = Type.Object({
  /** The spreadsheet row the grid shows; null for a row added here. */
  row: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  participantId: Type.Integer(),
  /** Each field the row would change; null when the service does not say what the participant holds. */
  changes: Type.Union([Type.Array(Type.Object({ field: Type.String(), from: Type.String(), to: Type.String() })), Type.Null()]),
});

/** A row the import action left out, and why (core/participants/skipped.ts). */
export const SkippedRowSchema = Type.Object({
  /** The spreadsheet row the grid shows; null for a row added here. */
  row: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  reason: Type.Enum(SKIP_REASONS),
  /** With `invalid`: the fields the service found wrong. */
  fields: Type.Array(Type.String()),
  /** With `repeat`: the spreadsheet row it repeats (null for a row added here). */
  repeats: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});

export const PushResultSchema = Type.Object({
  /** How the push stands: pushed, or still pushing (it goes on in the outbox), or failed;
   *  editing again after the person chose to go back and fix the list. */
  state: Type.String(),
  /** The push waits for the person: the service reads these rows differently. */
  review: Type.Union([Type.Array(DisagreementSchema), Type.Null()]),
  /** While the push waits: the rows that would update a participant found by e-mail. */
  emailUpdates: Type.Union([Type.Array(EmailUpdateSchema), Type.Null()]),
  actionStatus: Type.Union([Type.Enum(IMPORT_ACTION_STATUSES), Type.Null()]),
  created: Type.Union([Count, Type.Null()]),
  updated: Type.Union([Count, Type.Null()]),
  skipped: Type.Union([Count, Type.Null()]),
  destroyed: Type.Union([Count, Type.Null()]),
  /** Once the action ended: the rows it left out that the service's parse names (at most 1,000). */
  skippedRows: Type.Union([Type.Array(SkippedRowSchema), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
});

const Flags = Type.Partial(Type.Object(Object.fromEntries(IMPORT_FLAG_NAMES.map((name) => [name, Type.Boolean()])) as Record<(typeof IMPORT_FLAG_NAMES)[number], ReturnType<typeof Type.Boolean>>));

/** How a sheet is read: which sheet, which header row, and column targets the person chose. */
const SheetChoices = {
  /** The file, as the grant the main side issued when the person chose it. */
  grant: FileTicket,
  externalEventId: ExternalEventId,
  sheet: Type.Optional(Type.String({ maxLength: 255 })),
  headerRow: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  overrides: Type.Optional(Type.Array(Type.Object({ column: Type.String({ minLength: 1, maxLength: 255 }), target: Type.String({ minLength: 1, maxLength: 300 }) }), { maxItems: 500 })),
};

export const SheetPreviewSchema = Type.Object({
  sheets: Type.Array(Type.Object({ name: Type.String(), rows: Count })),
  sheet: Type.String(),
  headerRow: Type.Union([Type.Integer(), Type.Null()]),
  preview: Type.Array(Type.Array(Type.String())),
  mapping: Type.Array(Type.Object({ index: Type.Integer(), header: Type.String(), target: Type.String(), confidence: Type.Number(), reason: MappingReasonSchema })),
  rows: Count,
  invalidRows: Count,
  notes: Type.Array(Type.Object({ code: Type.Enum(SHEET_NOTE_CODES), params: Type.Optional(Params) })),
  /** A draft of this event made of a file with the same content, to continue instead of making a second one. */
  sameFile: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), rows: Count, updatedAt: Type.Integer(), sent: Type.Boolean() }), Type.Null()]),
  /** The event's demographic categories as this computer knows them (from its imports), for a column to be read as one of them. */
  categories: Type.Array(Type.String()),
});

/** The demographic catalog a draft is checked against, for a column per category edited with its values. */
export const DraftCatalogSchema = Type.Object({
  categories: Type.Array(Type.Object({ name: Type.String(), exclusive: Type.Boolean(), values: Type.Array(Type.String()) })),
});

export const DRAFTS_METHODS = {
  /** The sheet as it would be read, before anything is saved. */
  'drafts.inspect': { args: Type.Tuple([Type.Object(SheetChoices)]), result: SheetPreviewSchema },
  /** Reads the sheet with those choices into a new draft; corrected mappings are remembered.
   *  `replace`: the draft of the same file to start over from it (deleted as the new one is made). */
  'drafts.open': { args: Type.Tuple([Type.Object({ ...SheetChoices, replace: Type.Optional(DraftId) })]), result: WorkspacePageSchema },
  /** A name of the person's own for the draft (the file's name until then). */
  'drafts.rename': { args: Type.Tuple([DraftId, Type.String({ minLength: 1, maxLength: 200 })]), result: DraftSummarySchema },
  /** Deletes the draft with its rows and history, answering what went; refused while its push is under way. */
  'drafts.delete': { args: Type.Tuple([DraftId]), result: DraftSummarySchema },
  /** The event's demographic catalog as this computer knows it; no categories when none is known yet. */
  'drafts.catalog': { args: Type.Tuple([DraftId]), result: DraftCatalogSchema },
  'drafts.page': {
    args: Type.Tuple([DraftId, Type.Object({ offset: Type.Optional(Count), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200_000 })), problemsOnly: Type.Optional(Type.Boolean()) })]),
    result: WorkspacePageSchema,
  },
  'drafts.edit': { args: Type.Tuple([DraftId, Type.Array(CellEditSchema, { minItems: 1, maxItems: 100_000 })]), result: WorkspaceChangeSchema },
  'drafts.undo': { args: Type.Tuple([DraftId]), result: WorkspaceChangeSchema },
  'drafts.redo': { args: Type.Tuple([DraftId]), result: WorkspaceChangeSchema },
  /** A row repeating an earlier one: removed, or merged into the earlier row (its blanks filled). */
  'drafts.resolveRepeat': { args: Type.Tuple([DraftId, Type.Integer(), Type.Enum(['drop', 'merge'])]), result: WorkspaceChangeSchema },
  'drafts.addRows': { args: Type.Tuple([DraftId, Type.Integer({ minimum: 1, maximum: 10_000 })]), result: WorkspaceChangeSchema },
  /** A block pasted from a spreadsheet, one step of the history: the cells it covers and the rows it adds after the last. */
  'drafts.paste': {
    args: Type.Tuple([
      DraftId,
      Type.Object({
        edits: Type.Array(CellEditSchema, { maxItems: PASTE_LIMITS.edits }),
        rows: Type.Array(Type.Array(Type.Object({ field: Field, value: Type.String({ maxLength: 10_000 }) }), { maxItems: GRID_FIELDS.length }), { maxItems: PASTE_LIMITS.rows }),
      }),
    ]),
    result: WorkspaceChangeSchema,
  },
  'drafts.deleteRows': { args: Type.Tuple([DraftId, Type.Array(Type.Integer(), { minItems: 1, maxItems: 200_000 })]), result: WorkspaceChangeSchema },
  /** Writes the rows with their status and problems as xlsx or csv (formula-looking cells neutralised). */
  'drafts.export': {
    args: Type.Tuple([DraftId, Type.Object({ format: Type.Enum(['xlsx', 'csv']), problemsOnly: Type.Boolean() })]),
    result: Type.Object({ ...SavedFileSchema, rows: Count }),
  },
  'drafts.push': { args: Type.Tuple([DraftId, Flags]), result: PushResultSchema },
  /** Writes the rows the push's action left out, with why, as xlsx or csv. */
  'drafts.exportSkipped': { args: Type.Tuple([DraftId, Type.Object({ format: Type.Enum(['xlsx', 'csv']) })]), result: Type.Object({ ...SavedFileSchema, rows: Count }) },
  /** Answers a push waiting on disagreements: send it as it is, or go back and fix the list. */
  'drafts.decide': { args: Type.Tuple([DraftId, Type.Union([Type.Literal('send'), Type.Literal('fix')])]), result: PushResultSchema },
  /** Where a push stands, read from the mirror only (nothing is sent). */
  'drafts.pushState': { args: Type.Tuple([DraftId]), result: PushResultSchema },
} as const;
