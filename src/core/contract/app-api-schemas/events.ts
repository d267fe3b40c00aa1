/**
 * Test events of the active account, from the mirror (offline), with their imports, the
 * import actions' progress and results, and the drafts prepared for them.
 */
import Type from 'typebox';
import { IMPORT_ACTION_STATUSES } from '../imports';

const Count = Type.Integer({ minimum: 0 });
const Millis = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]);
export const ExternalEventId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const EventSummarySchema = Type.Object({
  externalEventId: Type.Integer(),
  name: Type.Union([Type.String(), Type.Null()]),
  /** Whether the service's own id is known, so its imports can be listed. */
  linked: Type.Boolean(),
  imports: Count,
  drafts: Count,
  addedAt: Type.Integer(),
});

export const ActionSummarySchema = Type.Object({
  id: Type.Integer(),
  status: Type.Enum(IMPORT_ACTION_STATUSES),
  processed: Count,
  total: Count,
  created: Type.Union([Count, Type.Null()]),
  updated: Type.Union([Count, Type.Null()]),
  skipped: Type.Union([Count, Type.Null()]),
  destroyed: Type.Union([Count, Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  startedAt: Type.Union([Type.String(), Type.Null()]),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
});

export const ImportSummarySchema = Type.Object({
  id: Type.Integer(),
  createdAt: Type.String(),
  participants: Count,
  fileName: Type.Union([Type.String(), Type.Null()]),
  /** Pushed from a draft on this computer. */
  fromDraft: Type.Boolean(),
  actions: Type.Array(ActionSummarySchema),
});

export const DraftSummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  state: Type.String(),
  rows: Count,
  /** Steps of its history, undone ones included: what deleting it loses beside its rows. */
  edits: Count,
  updatedAt: Type.Integer(),
});

export const EventListSchema = Type.Object({ events: Type.Array(EventSummarySchema), lastSyncAt: Millis });

export const EventDetailSchema = Type.Object({
  event: EventSummarySchema,
  imports: Type.Array(ImportSummarySchema),
  drafts: Type.Array(DraftSummarySchema),
  lastSyncAt: Millis,
});

export const EVENTS_METHODS = {
  'events.list': { args: Type.Tuple([]), result: EventListSchema },
  'events.add': {
    args: Type.Tuple([Type.Object({ externalEventId: ExternalEventId, name: Type.Optional(Type.String({ maxLength: 200 })) })]),
    result: EventSummarySchema,
  },
  'events.show': { args: Type.Tuple([ExternalEventId]), result: EventDetailSchema },
} as const;
