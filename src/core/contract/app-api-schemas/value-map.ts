/**
 * Matching a draft's demographic values to the event's catalog, each value once: the
 * distinct values of each category with their counts beside the catalog the mirror knows
 * (and how old it is), a suggested match, and the person's choice, remembered per event and
 * category and applied as one step of the draft's history.
 */
import Type from 'typebox';
import { WorkspaceChangeSchema } from './drafts';

const Count = Type.Integer({ minimum: 0 });
const DraftId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** `map` to a catalog value; `create` leaves it to be added to the catalog by the push; `clear` removes it from the rows. */
export const VALUE_CHOICES = ['map', 'create', 'clear'] as const;
/** How a suggested match was found (core/suggestions/value-match.ts); the renderer words it. */
export const MATCH_HOWS = ['spelling', 'range', 'word', 'remembered'] as const;

export const ValueChoiceSchema = Type.Object({
  category: Type.String({ minLength: 1, maxLength: 300 }),
  value: Type.String({ minLength: 1, maxLength: 10_000 }),
  choice: Type.Enum(VALUE_CHOICES),
  /** With `map`: the catalog value, as the catalog writes it. */
  target: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
});

export const ValueRowSchema = Type.Object({
  /** The value as most rows write it (the service compares values in any case and spacing). */
  value: Type.String(),
  /** How many rows carry it. */
  count: Count,
  /** The catalog has it as written (in any case): the service matches it, nothing to do. */
  known: Type.Boolean(),
  /** The one catalog value it means, when one does; never a guess. */
  suggestion: Type.Union([Type.Object({ to: Type.String(), how: Type.Enum(MATCH_HOWS) }), Type.Null()]),
  /** What the person chose for it before, for this event and category. */
  remembered: Type.Union([Type.Object({ choice: Type.Enum(VALUE_CHOICES), target: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
});

export const ValueMapSchema = Type.Object({
  externalEventId: Type.Integer(),
  /** When the mirror last learned the event's catalog (ms since 1970), from the service's parses of its imports; null when never. */
  catalogLearnedAt: Type.Union([Type.Integer(), Type.Null()]),
  categories: Type.Array(
    Type.Object({
      name: Type.String(),
      /** The category is in the event's catalog; its values otherwise all become new ones. */
      inCatalog: Type.Boolean(),
      catalogValues: Type.Array(Type.String()),
      values: Type.Array(ValueRowSchema),
    }),
  ),
});

export const ValueMapApplySchema = Type.Object({
  change: WorkspaceChangeSchema,
  /** Rows the choices changed (one step of the history, or none). */
  rowsChanged: Count,
  /** Choices remembered for the next list of this event. */
  remembered: Count,
});

export const VALUE_MAP_METHODS = {
  /** Each demographic category of the draft: its distinct values with counts beside the event's catalog. */
  'values.map': { args: Type.Tuple([DraftId]), result: ValueMapSchema },
  /** Applies the person's choices to the draft's rows as one undo step, and remembers them for the event. */
  'values.apply': { args: Type.Tuple([DraftId, Type.Array(ValueChoiceSchema, { minItems: 1, maxItems: 5_000 })]), result: ValueMapApplySchema },
} as const;
