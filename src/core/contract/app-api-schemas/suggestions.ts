/**
 * Suggested fixes in the import workspace (core/suggestions): the open draft's suggestions,
 * applied one by one, by group or all that have one right answer — each call one step of
 * the draft's undo history — or turned down in that draft, until brought back.
 */
import Type from 'typebox';
import { SUGGESTION_REASON_CODES } from '../vocabulary';
import { WorkspaceChangeSchema } from './drafts';

const Count = Type.Integer({ minimum: 0 });
const DraftId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const SUGGESTION_KINDS = [
  'email-format', 'email-domain', 'locale-code', 'locale-name', 'locale-region', 'spaces', 'invisible', 'id-scientific', 'id-leading-zero', 'repeat', 'demographic',
] as const;

/** `external_id`, `name`, `email`, `locale`, `note` or `demographics:<category>`. */
const Field = Type.String({ minLength: 1, maxLength: 300 });
const Kind = Type.Enum(SUGGESTION_KINDS);

export const SuggestionItemSchema = Type.Object({
  position: Type.Integer(),
  /** The spreadsheet row the grid shows; null for a row added here. */
  sheetRow: Type.Union([Type.Integer(), Type.Null()]),
  field: Field,
  kind: Kind,
  from: Type.String(),
  /** The answers, best first; exactly one when `sure`. */
  to: Type.Array(Type.String()),
  /** Why, as data the page words in its language (core/suggestions/reason-words.ts). A parameter may be a
   *  part of the sentence, a reason itself, so parameters are checked by their kind only. */
  reason: Type.Object({ code: Type.Enum(SUGGESTION_REASON_CODES), params: Type.Optional(Type.Record(Type.String(), Type.Unknown())) }),
  sure: Type.Boolean(),
  /** With a repeat: what each answer does, and the position of the row it keeps. */
  choices: Type.Optional(Type.Array(Type.Object({ action: Type.Enum(['merge', 'remove']), into: Type.Integer() }))),
  /** The group it is counted in: `kind|field`. */
  group: Type.String(),
});

export const SuggestionGroupSchema = Type.Object({ key: Type.String(), kind: Kind, field: Field, count: Count, sure: Count });

export const SuggestionListSchema = Type.Object({
  groups: Type.Array(SuggestionGroupSchema),
  items: Type.Array(SuggestionItemSchema),
  total: Count,
  sure: Count,
  /** Suggestions the person turned down that would stand otherwise (they can be brought back). */
  rejected: Count,
});

/** One suggestion taken with the answer the person chose (the only one, when sure). */
export const SuggestionPickSchema = Type.Object({ position: Type.Integer(), field: Field, kind: Kind, to: Type.String({ maxLength: 10_000 }) });

/** One suggestion turned down: the value it was offered for is part of the key. */
export const SuggestionRejectSchema = Type.Object({ position: Type.Integer(), field: Field, kind: Kind, from: Type.String({ maxLength: 10_000 }) });

export const SuggestionApplySchema = Type.Object({ change: WorkspaceChangeSchema, applied: Count });

export const SUGGESTIONS_METHODS = {
  /** The open draft's suggestions, without those turned down. */
  'suggestions.list': { args: Type.Tuple([DraftId]), result: SuggestionListSchema },
  /** These suggestions with the chosen answers, as one step of the history. */
  'suggestions.apply': { args: Type.Tuple([DraftId, Type.Array(SuggestionPickSchema, { minItems: 1, maxItems: 200_000 })]), result: SuggestionApplySchema },
  /** Every suggestion with one right answer (of one group, when named), as one step of the history. */
  'suggestions.applySure': { args: Type.Tuple([DraftId, Type.Object({ group: Type.Optional(Type.String({ maxLength: 400 })) })]), result: SuggestionApplySchema },
  /** Turns these suggestions down for this draft, until their cell says something else. */
  'suggestions.reject': { args: Type.Tuple([DraftId, Type.Array(SuggestionRejectSchema, { minItems: 1, maxItems: 200_000 })]), result: Type.Object({ rejected: Count }) },
  /** Brings back every suggestion turned down in this draft. */
  'suggestions.restore': { args: Type.Tuple([DraftId]), result: Type.Object({ restored: Count }) },
} as const;
