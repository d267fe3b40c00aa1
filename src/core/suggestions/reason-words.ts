/**
 * Why a fix is suggested, as data: a code and its parameters, worded from the shared
 * catalogs (core/i18n, `fixes`) in the page's language and in `muster check`'s, so the
 * engine holds no sentence of its own. A parameter may itself be a reason (a part of the
 * sentence the catalogs word too) or a list, said the language's way ("a, b and c").
 */
import type { SuggestionReasonCode } from '../contract/vocabulary';
import type { Translate } from '../i18n/translate';

export { FIX_FIELDS, SUGGESTION_REASON_CODES, type FixField, type SuggestionReasonCode } from '../contract/vocabulary';

export type ReasonParam = string | number | SuggestionReason | readonly (string | SuggestionReason)[];

export interface SuggestionReason {
  code: SuggestionReasonCode;
  /**
   * Values from the sheet and counts. By name: `field` is a FixField the catalogs word,
   * `language` a language code said by its name, `count` picks the plural form, `either` is
   * a list said with "or"; any other list is said with "and", and a reason is worded itself.
   */
  params?: Readonly<Record<string, ReasonParam>>;
}

export const reason = (code: SuggestionReasonCode, params?: SuggestionReason['params']): SuggestionReason => (params ? { code, params } : { code });

// British English joins lists without the serial comma, as the rest of the command line does.
const listLocale = (language: string) => (language.startsWith('en') ? 'en-GB' : language);

interface Formats {
  and: Intl.ListFormat;
  or: Intl.ListFormat;
  number: Intl.NumberFormat;
  languages: Intl.DisplayNames;
}
const formats = new Map<string, Formats>();
function formatsOf(language: string): Formats {
  let found = formats.get(language);
  if (!found) {
    const locale = listLocale(language);
    found = {
      and: new Intl.ListFormat(locale, { type: 'conjunction' }),
      or: new Intl.ListFormat(locale, { type: 'disjunction' }),
      number: new Intl.NumberFormat(language.startsWith('en') ? 'en-US' : language),
      languages: new Intl.DisplayNames(language, { type: 'language' }),
    };
    formats.set(language, found);
  }
  return found;
}

const isReason = (value: unknown): value is SuggestionReason => typeof value === 'object' && value !== null && !Array.isArray(value) && 'code' in value;

/** A sentence's first letter as a capital, where a reason is made of parts that each start small. */
const capital = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The reason in `language`, through `t` (vue-i18n's in the page, @intlify/core-base's on the command line). */
export function suggestionReasonText(said: SuggestionReason, t: Translate, language: string): string {
  const format = formatsOf(language);
  const word = (value: string | SuggestionReason) => (isReason(value) ? suggestionReasonText(value, t, language) : value);
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(said.params ?? {})) {
    if (name === 'steps' && Array.isArray(value)) params[name] = value.map(word).join('; ');
    else if (Array.isArray(value)) params[name] = (name === 'either' ? format.or : format.and).format(value.map(word));
    else if (isReason(value)) params[name] = word(value);
    else if (typeof value === 'number') params[name] = format.number.format(value);
    else if (name === 'field') params[name] = t(`fixes.fields.${value as string}`);
    else if (name === 'language') params[name] = format.languages.of(value as string) ?? (value as string);
    else params[name] = value as string;
  }
  const count = said.params?.count;
  const text = typeof count === 'number' ? t(`fixes.reasons.${said.code}`, params, count) : t(`fixes.reasons.${said.code}`, params);
  return said.code === 'email' ? capital(text) : text;
}
