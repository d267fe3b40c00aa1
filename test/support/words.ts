/** Data the catalogs word (mapping reasons), said in English as `muster check` says it by default. */
import { mappingReasonText, type MappingReason } from '../../src/core/intake/mapping-reasons';
import { wordsFor } from '../../src/cli/language';

const english = wordsFor('en');

export const said = (reason: MappingReason): string => mappingReasonText(english.t, reason);
