/**
 * Why a column was mapped as it was, as data: a code and its parameters, worded from the
 * message catalogs (core/i18n) in the person's language by the page and by `muster check`.
 */
import type { Translate } from '../i18n/translate';
import type { MappingOutcome, MappingReasonCode, MatchHow } from '../contract/vocabulary';

export { MAPPING_OUTCOMES, MAPPING_REASON_CODES, type MappingOutcome, type MappingReasonCode } from '../contract/vocabulary';

export interface MappingReason {
  code: MappingReasonCode;
  /** Texts from the sheet (headers, column letters, category names) and counts. `concept` and
   *  `target` name a thing the catalogs word (mapping.concepts). */
  params?: Record<string, string | number>;
  /** For `word`: how the header matched a known word, and what followed from it. */
  how?: MatchHow;
  outcome?: MappingOutcome;
}

/** The parameters that name a concept rather than hold text from the sheet. */
const CONCEPT_PARAMS = ['concept', 'target'] as const;

/** The reason as a sentence (or two) in the language `t` speaks. */
export function mappingReasonText(t: Translate, reason: MappingReason): string {
  const params: Record<string, string | number> = { ...reason.params };
  for (const name of CONCEPT_PARAMS) {
    const value = params[name];
    if (typeof value === 'string') params[name] = t(`mapping.concepts.${value}`);
  }
  if (reason.code === 'word') {
    const found = t(`mapping.how.${reason.how ?? 'exact'}`, params);
    const outcome = reason.outcome ?? 'plain';
    return outcome === 'plain' ? found : `${found} ${t(`mapping.outcomes.${outcome}`, params)}`;
  }
  const count = reason.code === 'categorical' ? Number(params.rows) : undefined;
  return count === undefined ? t(`mapping.reasons.${reason.code}`, params) : t(`mapping.reasons.${reason.code}`, params, count);
}
