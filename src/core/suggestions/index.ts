/** Suggested fixes for participant lists: one engine for the check, the workspace and the push review. */
export * from './types';
export { suggestFixes, applySure, suggestionGroup, SuggestMemo, type SuggestOptions } from './engine';
export { emailFinding } from './email';
export { localeFinding } from './locale';
export { slipDistance, adjacentKeys } from './distance';
export { PROVIDER_DOMAINS, KNOWN_DOMAINS } from './providers';
export { suggestForSheet, applyToRows, appliedSentence, countSuggestions } from './apply';
export { catalogSuggester, catalogValuesOf, matchReason, type CatalogValues, type RememberedValue } from './demographic';
export { CategoryMatcher, foldValue, rangeOf, type MatchHow, type ValueMatch } from './value-match';
export { VALUE_TOPICS } from './value-words';
export { FIX_FIELDS, SUGGESTION_REASON_CODES, suggestionReasonText, type FixField, type SuggestionReasonCode } from './reason-words';
