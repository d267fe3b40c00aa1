/** Suggested fixes for a participant list: what a person would change, and why. */
import type { SuggestionReason } from './reason-words';

export type { SuggestionReason } from './reason-words';

/** The property a suggestion changes; a demographic is named by its category. */
export type SuggestionField = 'external_id' | 'name' | 'email' | 'locale' | 'note' | `demographics:${string}`;

export type SuggestionKind =
  | 'email-format'
  | 'email-domain'
  | 'locale-code'
  | 'locale-name'
  | 'locale-region'
  | 'spaces'
  | 'invisible'
  | 'id-scientific'
  | 'id-leading-zero'
  | 'repeat'
  | 'demographic';

/** What a repeat's choices do: fold this row into an earlier one, or drop it. */
export interface RepeatChoice {
  action: 'merge' | 'remove';
  /** Index (0-based) of the row this one repeats. */
  into: number;
}

export interface Suggestion {
  field: SuggestionField;
  /** The value as written. */
  from: string;
  /** The answers, best first; exactly one when `sure`. */
  to: string[];
  /** What was noticed and what the fix keeps, as data the catalogs word (reason-words.ts). */
  reason: SuggestionReason;
  kind: SuggestionKind;
  /** True when exactly one answer is right, so it may be applied without asking. */
  sure: boolean;
  /** Present for repeats, one per entry of `to`. */
  choices?: RepeatChoice[];
}

/** The shape `muster check --json` prints: one answer as text, a choice as a ranked list, the reason in the check's language. */
export interface SuggestionOut {
  field: SuggestionField;
  from: string;
  to: string | string[];
  reason: string;
}

export function suggestionOut(s: Suggestion, say: (reason: SuggestionReason) => string): SuggestionOut {
  return { field: s.field, from: s.from, to: s.sure ? s.to[0] : s.to, reason: say(s.reason) };
}

/** A fix found for one value: the engine adds the field and the value it was found for. */
export type Finding = Omit<Suggestion, 'field' | 'from'>;

/**
 * The extension point for demographics: given a category and the value a row carries,
 * the fix (a catalog value) or null. The event's catalog mapping plugs in here.
 */
export type DemographicSuggester = (category: string, value: string) => Finding | null;
