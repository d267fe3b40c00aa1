/**
 * The catalogs of the words core's data is said in (mapping reasons, row problems, sheet
 * notes), for every language the app speaks, with the plural rule each language needs.
 */
import type { Language } from '../contract/app-api';
import de from './messages/de';
import en, { type SharedMessages } from './messages/en';
import es from './messages/es';
import fr from './messages/fr';

export const SHARED_MESSAGES: Record<Language, SharedMessages> = { en, de, fr, es };
export type { SharedMessages };
export { pluralRule, PLURAL_FORMS, SAME_FORM_AS } from './plural';
export type { Message, Translate } from './translate';
