/**
 * The arguments and result of every AppApi method as schemas: the one definition the main
 * side checks calls against (an argument that fails is refused with a sentence and never
 * reaches a service) and the AppApi type is derived from (app-api.ts). Kept apart from
 * app-api.ts so the sandboxed preload, which needs only the method names, never loads the
 * schema library. Later screens add their methods here, one domain at a time.
 */
import Type, { type Static } from 'typebox';

export const AppInfoSchema = Type.Object({
  name: Type.String(),
  version: Type.String(),
  platform: Type.String(),
  /** Where the local mirror lives. */
  dataDir: Type.String(),
});

export const APP_API_SCHEMAS = {
  'app.info': { args: Type.Tuple([]), result: AppInfoSchema },
} as const;

export type AppApiSchemas = typeof APP_API_SCHEMAS;

/** The AppApi as the schemas define it: each method's arguments and its promised result. */
export type AppApiFromSchemas = {
  [M in keyof AppApiSchemas]: (...args: Static<AppApiSchemas[M]['args']>) => Promise<Static<AppApiSchemas[M]['result']>>;
};
