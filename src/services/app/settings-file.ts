/**
 * The app's own settings, one JSON file in the data folder: the accounts (never their
 * tokens), which one is active, the language, and the demo service's port. Written
 * whole-then-renamed so a crash never leaves half a file; a file that cannot be read is
 * kept aside and the app starts from defaults rather than refusing to open.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { sync as writeFileAtomicSync } from 'write-file-atomic';
import { join } from 'node:path';
import { ownerOnlyFolder } from '../owner-only';
import Value from 'typebox/value';
import Type, { type Static } from 'typebox';
import { LANGUAGE_CHOICES } from '../../core/contract/app-api-schemas/settings';

const StoredAccountSchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
  serverUrl: Type.String(),
  account: Type.String(),
  demo: Type.Boolean(),
});

const StoredSettingsSchema = Type.Object({
  accounts: Type.Array(StoredAccountSchema),
  activeId: Type.Union([Type.String(), Type.Null()]),
  language: Type.Enum(LANGUAGE_CHOICES),
  demoPort: Type.Union([Type.Integer(), Type.Null()]),
});

export type StoredAccount = Static<typeof StoredAccountSchema>;
export type StoredSettings = Static<typeof StoredSettingsSchema>;

export const SETTINGS_FILE = 'settings.json';

const defaults = (): StoredSettings => ({ accounts: [], activeId: null, language: 'system', demoPort: null });

export interface SettingsFile {
  read(): StoredSettings;
  /** Applies `change` to the current settings and saves the result at once. */
  update(change: (settings: StoredSettings) => void): StoredSettings;
}

export function settingsFile(dataDir: string): SettingsFile {
  const file = join(dataDir, SETTINGS_FILE);
  let current: StoredSettings | null = null;

  const load = (): StoredSettings => {
    if (!existsSync(file)) return defaults();
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (Value.Check(StoredSettingsSchema, parsed)) return parsed;
    } catch {
      // falls through: unreadable
    }
    renameSync(file, `${file}.unreadable-${Date.now()}`);
    return defaults();
  };

  return {
    read() {
      current ??= load();
      return structuredClone(current);
    },
    update(change) {
      const next = this.read();
      change(next);
      ownerOnlyFolder(dataDir);
      writeFileAtomicSync(file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      current = next;
      return structuredClone(next);
    },
  };
}
