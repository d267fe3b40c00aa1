import type { Messages } from '../en';
import app from './app';
import events from './events';
import workspace from './workspace';
import subjects from './subjects';
import findings from './findings';
import shared from '../../../core/i18n/messages/es';

const es: Messages = { ...app, ...events, ...workspace, ...subjects, ...findings, ...shared };

export default es;
