/**
 * The six import flags and their defaults (the interface document's table). Kept apart from
 * the schemas so the page can offer the flags without loading the schema library.
 */
export const IMPORT_FLAG_NAMES = [
  'save_missing_categories',
  'only_demographics',
  'destroy_existing_demographics',
  'destroy_unmatched_participants',
  'skip_invalid',
  'skip_duplicate_identity_matches',
] as const;
export type ImportFlagName = (typeof IMPORT_FLAG_NAMES)[number];
export type ImportFlags = Record<ImportFlagName, boolean>;

export const DEFAULT_IMPORT_FLAGS: Readonly<ImportFlags> = Object.freeze({
  save_missing_categories: true,
  only_demographics: false,
  destroy_existing_demographics: false,
  destroy_unmatched_participants: false,
  skip_invalid: false,
  skip_duplicate_identity_matches: false,
});

/**
 * `only_demographics` with `destroy_existing_demographics`: matched people keep their fields
 * and lose the demographics they had, so the list's demographics replace theirs (the
 * reference service clears, then adds; docs/interface.md). Said beside the flags, since
 * neither flag's own words tell what the two do together.
 */
export const replacesDemographics = (flags: ImportFlags): boolean => flags.only_demographics && flags.destroy_existing_demographics;
