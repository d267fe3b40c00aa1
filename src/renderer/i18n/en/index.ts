/**
 * The English catalog is the schema: every other language is declared as `Messages` (and
 * each of its parts as the English part's type), so a key missing there fails the type
 * check. Keys are grouped by screen, plus `common`; the groups live in one file per area.
 */
import app from './app';
import events from './events';
import workspace from './workspace';
import subjects from './subjects';
import findings from './findings';
import suggestions from './suggestions';
import values from './values';
import imports from './imports';
import lists from './lists';
import shared from '../../../core/i18n/messages/en';

const en = { ...app, ...events, ...workspace, ...subjects, ...findings, ...suggestions, ...values, ...imports, ...lists, ...shared };

export type Messages = typeof en;
export default en;
