/**
 * An import already on the service, reviewed here whoever made it: the service's parse of it,
 * its actions, and the changes a person can ask for (an action with the six flags, its
 * destroy, its document). Read from the mirror, refreshed from the service when it answers.
 */
import Type from 'typebox';
import { IMPORT_ACTION_STATUSES, IMPORT_FLAG_NAMES, ImportActionResultSchema, ParsedParticipantSchema } from '../imports';
import { FileResultSchema } from './files';

const Count = Type.Integer({ minimum: 0 });
const ImportId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Millis = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]);
const FlagObject = Type.Object(Object.fromEntries(IMPORT_FLAG_NAMES.map((name) => [name, Type.Boolean()])) as Record<(typeof IMPORT_FLAG_NAMES)[number], ReturnType<typeof Type.Boolean>>);

export const ReviewedActionSchema = Type.Object({
  id: Type.Integer(),
  status: Type.Enum(IMPORT_ACTION_STATUSES),
  processed: Count,
  total: Count,
  flags: FlagObject,
  result: Type.Union([ImportActionResultSchema, Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
});

export const ImportReviewSchema = Type.Object({
  id: ImportId,
  externalEventId: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String(),
  /** Who made it, as the service names the kind of creator. */
  createdByType: Type.String(),
  participants: Count,
  fileName: Type.Union([Type.String(), Type.Null()]),
  /** Pushed from a draft on this computer. */
  fromDraft: Type.Boolean(),
  /**
   * Pushed from a draft here: each participant's spreadsheet row, in the parse's order (null:
   * a row added in the app); null otherwise, and the parse's row numbers stand.
   */
  sheetRows: Type.Union([Type.Array(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])), Type.Null()]),
  /** The service's parse, every participant; null when it was never read here. */
  parsed: Type.Union([Type.Array(ParsedParticipantSchema), Type.Null()]),
  /** When the parse was read from the service (ms); null with `parsed`. */
  parsedAt: Millis,
  /** When the import itself was last seen on the service (ms). */
  seenAt: Type.Integer({ minimum: 0 }),
  actions: Type.Array(ReviewedActionSchema),
  /** Changes asked for here that have not ended yet (they wait in the outbox). */
  acting: Type.Boolean(),
  destroying: Type.Boolean(),
  /** Why this is the mirror's picture and not the service's right now; null when just read from the service. */
  offline: Type.Union([Type.String(), Type.Null()]),
});

export const ImportChangeResultSchema = Type.Object({
  /** How the run ended: settled (done), or it waits in the outbox (stalled, paused, interrupted). */
  end: Type.Enum(['settled', 'idle', 'paused', 'stalled', 'interrupted']),
  /** The service's refusal, when it refused. */
  refused: Type.Union([Type.String(), Type.Null()]),
  /** Why it waits, when it waits. */
  waiting: Type.Union([Type.String(), Type.Null()]),
  /** The import afterwards; null once it is destroyed. */
  review: Type.Union([ImportReviewSchema, Type.Null()]),
});

export const IMPORTS_METHODS = {
  /** The import as the mirror has it after asking the service (offline: the mirror's, said so). */
  'imports.show': { args: Type.Tuple([ImportId]), result: ImportReviewSchema },
  /** Queues an import action with these flags and follows it; offline it waits in the outbox. */
  'imports.act': { args: Type.Tuple([ImportId, Type.Partial(FlagObject)]), result: ImportChangeResultSchema },
  /** Queues the import's destroy and sends it; offline it waits in the outbox. */
  'imports.destroy': { args: Type.Tuple([ImportId]), result: ImportChangeResultSchema },
  /** The service's document of the import, saved where the person chooses (needs the service). */
  'imports.export': { args: Type.Tuple([ImportId]), result: FileResultSchema },
  /** A new draft of the import's participants as the service read them, to fix and send as a new import (from the mirror; works offline). */
  'imports.openAsDraft': { args: Type.Tuple([ImportId]), result: Type.Object({ draftId: Type.Integer({ minimum: 1 }) }) },
} as const;
