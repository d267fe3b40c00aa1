/** The person's preferences and the data folder: its place, its size, a diagnostics bundle. */
import Type from 'typebox';

/** The languages the app speaks: those intake understands. `system` follows the OS. */
export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export const LANGUAGE_CHOICES = ['system', ...LANGUAGES] as const;

export const SettingsSchema = Type.Object({
  language: Type.Enum(LANGUAGE_CHOICES),
  dataDir: Type.String(),
  /** Bytes the data folder holds (mirrors, settings, the demo service). */
  dataBytes: Type.Integer({ minimum: 0 }),
});

export const SETTINGS_METHODS = {
  'settings.get': { args: Type.Tuple([]), result: SettingsSchema },
  'settings.setLanguage': { args: Type.Tuple([Type.Enum(LANGUAGE_CHOICES)]), result: SettingsSchema },
} as const;
