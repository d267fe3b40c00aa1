/**
 * vue-i18n in composition mode. The language is the person's choice in Settings, or the
 * system's when it is one of ours, else English. Dates, sizes and counts go through Intl.
 */
import { createI18n } from 'vue-i18n';
import type { Language, LanguageChoice } from '../../core/contract/app-api';
import de from './de';
import en, { type Messages } from './en';
import es from './es';
import fr from './fr';
import { pluralRule } from '../../core/i18n/plural';

export const MESSAGES: Record<Language, Messages> = { en, de, fr, es };
const LANGUAGES = Object.keys(MESSAGES) as Language[];

export function resolveLanguage(choice: LanguageChoice, preferred: readonly string[] = globalThis.navigator?.languages ?? []): Language {
  if (choice !== 'system') return choice;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0] as Language;
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

export const i18n = createI18n<[Messages], Language, false>({
  legacy: false,
  locale: resolveLanguage('system'),
  fallbackLocale: 'en',
  messages: MESSAGES,
  pluralRules: Object.fromEntries(LANGUAGES.map((language) => [language, pluralRule(language)])),
  missingWarn: false,
  fallbackWarn: false,
});

export function setLanguage(language: Language): void {
  i18n.global.locale.value = language;
  document.documentElement.lang = language;
}
