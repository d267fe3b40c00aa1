/** Data the catalogs word (mapping reasons), said in English as `muster check` says it by default. */
import { mappingReasonText, type MappingReason } from '../../src/core/intake/mapping-reasons';
import { suggestionReasonText, type SuggestionReason } from '../../src/core/suggestions/reason-words';
import { wordsFor } from '../../src/cli/language';

const english = wordsFor('en');

export const said = (reason: MappingReason): string => mappingReasonText(english.t, reason);

/** A suggested fix's reason as `muster check` says it by default. */
export const saidFix = (reason: SuggestionReason): string => suggestionReasonText(reason, english.t, 'en');
