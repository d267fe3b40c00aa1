/** What the app is and where it keeps its data. */
import Type from 'typebox';

export const AppInfoSchema = Type.Object({
  name: Type.String(),
  version: Type.String(),
  platform: Type.String(),
  /** Where the local mirror lives. */
  dataDir: Type.String(),
});

export const APP_METHODS = {
  'app.info': { args: Type.Tuple([]), result: AppInfoSchema },
} as const;
