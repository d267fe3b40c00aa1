/**
 * The arguments and result of every AppApi method as schemas, one module per domain: the one
 * definition the main side checks calls against (an argument that fails is refused with a
 * sentence and never reaches a service) and the AppApi type is derived from (../app-api.ts).
 * Kept apart from app-api.ts so the sandboxed preload, which needs only the method names,
 * never loads the schema library.
 */
import type { Static } from 'typebox';
import { ACCOUNTS_METHODS } from './accounts';
import { APP_METHODS } from './app';
import { DRAFTS_METHODS } from './drafts';
import { EVENTS_METHODS } from './events';
import { FILES_METHODS } from './files';
import { IMPORTS_METHODS } from './imports';
import { LISTS_METHODS } from './lists';
import { SETTINGS_METHODS } from './settings';
import { SUBJECTS_METHODS } from './subjects';
import { SUGGESTIONS_METHODS } from './suggestions';
import { SYNC_METHODS } from './sync';
import { VALUE_MAP_METHODS } from './value-map';

export const APP_API_SCHEMAS = {
  ...APP_METHODS,
  ...ACCOUNTS_METHODS,
  ...EVENTS_METHODS,
  ...DRAFTS_METHODS,
  ...SUGGESTIONS_METHODS,
  ...IMPORTS_METHODS,
  ...LISTS_METHODS,
  ...SUBJECTS_METHODS,
  ...SYNC_METHODS,
  ...SETTINGS_METHODS,
  ...FILES_METHODS,
  ...VALUE_MAP_METHODS,
} as const;

export type AppApiSchemas = typeof APP_API_SCHEMAS;

/** The AppApi as the schemas define it: each method's arguments and its promised result. */
export type AppApiFromSchemas = {
  [M in keyof AppApiSchemas]: (...args: Static<AppApiSchemas[M]['args']>) => Promise<Static<AppApiSchemas[M]['result']>>;
};
