import type { Messages } from '../en';
import app from './app';
import events from './events';
import workspace from './workspace';
import subjects from './subjects';
import findings from './findings';
import suggestions from './suggestions';
import values from './values';
import imports from './imports';
import lists from './lists';
import shared from '../../../core/i18n/messages/fr';

const fr: Messages = { ...app, ...events, ...workspace, ...subjects, ...findings, ...suggestions, ...values, ...imports, ...lists, ...shared };

export default fr;
