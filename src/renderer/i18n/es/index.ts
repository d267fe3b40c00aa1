import type { Messages } from '../en';
import app from './app';
import events from './events';
import workspace from './workspace';
import subjects from './subjects';

const es: Messages = { ...app, ...events, ...workspace, ...subjects };

export default es;
