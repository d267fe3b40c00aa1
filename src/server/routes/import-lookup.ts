import { DEFAULT_IMPORT_FLAGS, IMPORT_FLAG_NAMES, LOCALES, type ImportLookup } from '../../core/contract/imports';

const FLAG_HELP: Record<(typeof IMPORT_FLAG_NAMES)[number], string> = {
  save_missing_categories: 'Store demographic categories (and demographics) in the payload that do not exist yet.',
  only_demographics: 'For participants matched to existing ones, add only the included demographics.',
  destroy_existing_demographics: 'For matched participants, remove all their existing demographics first.',
  destroy_unmatched_participants: "Remove the event's participants that the payload did not match.",
  skip_invalid: 'Leave out every invalid participant instead of failing the action.',
  skip_duplicate_identity_matches: 'Leave out rows that repeat an earlier row’s external id or e-mail.',
};

/** The static column schema the import lookup operation answers. */
export const IMPORT_LOOKUP: ImportLookup = {
  columns: [
    { name: 'external_id', type: 'string', required: false, description: 'Id from the outside system; matches the same participant on later imports.' },
    { name: 'name', type: 'string', required: true, description: 'First and last name or any identifier; spaces allowed.' },
    { name: 'email', type: 'string', required: true, description: 'A valid e-mail address; also matches existing participants (case-insensitive).' },
    { name: 'locale', type: 'string', required: false, description: 'One of the allowed locales; blank means en_US.' },
    { name: 'note', type: 'string', required: false, description: 'Any text.' },
    { name: 'demographics', type: 'array', required: false, description: 'Demographic entries, see demographic_entry.' },
  ],
  demographic_entry: [
    { name: 'demographic_category_name', type: 'string', required: true, description: "Matched case-insensitively against the event's categories." },
    { name: 'demographic_name', type: 'string', required: true, description: "Matched case-insensitively against the category's demographics." },
    { name: 'exclusive', type: 'boolean', required: false, description: 'When true, a participant holds only one demographic of the category.' },
  ],
  flags: IMPORT_FLAG_NAMES.map((name) => ({ name, default: DEFAULT_IMPORT_FLAGS[name], description: FLAG_HELP[name] })),
  locales: [...LOCALES],
};
