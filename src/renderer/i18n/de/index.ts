import type { Messages } from '../en';
import app from './app';
import events from './events';
import workspace from './workspace';
import subjects from './subjects';
import findings from './findings';
import lists from './lists';

const de: Messages = { ...app, ...events, ...workspace, ...subjects, ...findings, ...lists };

export default de;
