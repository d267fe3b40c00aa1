import type { LanguageChoice } from '../../core/contract/app-api';

/** The choices Settings offers, in the order shown. */
export const LANGUAGE_CHOICE_LIST: readonly LanguageChoice[] = ['system', 'en', 'de', 'fr', 'es'];
