import { LOCALES, type Locale } from '../contract/imports';

/** What a blank locale is read as (docs/interface.md). */
export const DEFAULT_LOCALE: Locale = 'en_US';

const BY_KEY = new Map<string, Locale>(LOCALES.map((locale) => [locale.toLowerCase(), locale]));
/** Most sheets write locales as the interface does: those are found without a lower-cased copy. */
const CANONICAL = new Set<string>(LOCALES);

/**
 * Reads a locale the way people write it: `de_DE`, `de-de`, ` DE_de `. Returns the
 * canonical value, or null when it is not one of the allowed locales.
 */
export function canonicalLocale(input: string): Locale | null {
  if (CANONICAL.has(input)) return input as Locale;
  const exact = BY_KEY.get(input.toLowerCase());
  if (exact) return exact;
  return BY_KEY.get(input.trim().replace('-', '_').toLowerCase()) ?? null;
}
