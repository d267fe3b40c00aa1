/**
 * Lists without a spreadsheet: an empty list of an event typed on site, and the subjects
 * found offline as an event's participants (a new list, or more rows of an open one). Both
 * are drafts like a sheet's, opened in the same workspace.
 */
import Type from 'typebox';
import { SubjectFiltersSchema } from '../filters';
import type { SubjectFilters } from '../subjects';
import { ExternalEventId } from './events';
import { WorkspacePageSchema } from './drafts';

const Count = Type.Integer({ minimum: 0 });
const DraftId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const LocalId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Person = { localId: Type.Integer(), name: Type.String() };

/** Every subject a search finds, or those picked from its results. */
const Selection = Type.Union([
  Type.Object({ filters: Type.Unsafe<SubjectFilters>(SubjectFiltersSchema) }, { additionalProperties: false }),
  Type.Object({ localIds: Type.Array(LocalId, { minItems: 1, maxItems: 200_000 }) }, { additionalProperties: false }),
]);

const SubjectsChoice = {
  externalEventId: ExternalEventId,
  selection: Selection,
  /** A new list (with this name), or this open draft of the event. */
  draftId: Type.Optional(DraftId),
  name: Type.Optional(Name),
  /** The locale chosen for each preferred language, as written, that fits several. */
  locales: Type.Optional(Type.Record(Type.String({ maxLength: 35 }), Type.String({ maxLength: 10 }))),
  includeFlagged: Type.Optional(Type.Boolean()),
};

export const SubjectsPlanSchema = Type.Object({
  found: Count,
  adding: Count,
  repeats: Type.Array(Type.Object({ ...Person, email: Type.String() })),
  flagged: Type.Array(Type.Object({ ...Person, flags: Type.Array(Type.Enum(['no_email', 'excluded'])), excludedUntil: Type.Union([Type.String(), Type.Null()]) })),
  unsent: Type.Array(Type.Object(Person)),
  questions: Type.Array(Type.Object({ written: Type.String(), options: Type.Array(Type.String()), subjects: Count })),
});

export const LISTS_METHODS = {
  /** An empty list of the event, open: its columns are the event's, as any draft of it. */
  'lists.new': { args: Type.Tuple([Type.Object({ externalEventId: ExternalEventId, name: Name })]), result: WorkspacePageSchema },
  /** What adding the subjects would do, before anything is written. */
  'lists.planSubjects': { args: Type.Tuple([Type.Object(SubjectsChoice)]), result: SubjectsPlanSchema },
  /** Adds the subjects as planned: to a new list, or after the last row of the draft (one undo step). */
  'lists.addSubjects': { args: Type.Tuple([Type.Object(SubjectsChoice)]), result: Type.Object({ draftId: DraftId, plan: SubjectsPlanSchema }) },
  /** The event's drafts that can still take rows, for "add to an open list". */
  'lists.ofEvent': { args: Type.Tuple([ExternalEventId]), result: Type.Array(Type.Object({ id: DraftId, name: Type.String(), rows: Count })) },
} as const;
