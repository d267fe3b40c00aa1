/**
 * A locale written as a bare language (`de`, `fr`) or with a region the service does not
 * list (`de-AT`) is invalid, as the interface says; the row warning names the locale(s) of
 * that language the service knows, which saves a coordinator looking them up for every row.
 */
import { LOCALES } from '../contract/imports';
import { canonicalLocale } from '../participants/locales';
import type { IntakeWarning } from './warning-words';

const LANGUAGE_CODE = /^([a-z]{2,3})(?:[-_][a-z]{2,4})?$/i;

/** The service's locales of the same language as an unknown locale (none for a known one, or for junk). */
export function localeSuggestions(locale: string): string[] {
  if (canonicalLocale(locale)) return [];
  const match = LANGUAGE_CODE.exec(locale.trim());
  if (!match) return [];
  const language = match[1].toLowerCase();
  return LOCALES.filter((l) => l.startsWith(`${language}_`));
}

// A sheet has few distinct locales over many rows; the cap keeps a column of junk from growing it without end.
const hints = new Map<string, IntakeWarning | null>();
const MAX_HINTS = 1_000;

/** Adds “did you mean de_DE?” to `warnings` when the locale is not one the service knows but its language is. */
export function addLocaleHint(locale: string, warnings: IntakeWarning[]): void {
  let hint = hints.get(locale);
  if (hint === undefined) {
    const options = localeSuggestions(locale);
    hint = options.length > 0 ? { code: 'locale_hint', field: 'locale', value: locale, options } : null;
    if (hints.size >= MAX_HINTS) hints.clear();
    hints.set(locale, hint);
  }
  if (hint !== null) warnings.push(hint);
}
