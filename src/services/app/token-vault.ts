/**
 * Where the tokens of the app's accounts are kept. The Electron shell supplies a vault over
 * the OS keychain (safeStorage); the browser preview, which has no keychain, keeps them in a
 * file only this user can read, and the UI says so. A token goes in and is read back only on
 * the main side: it never crosses to the page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { sync as writeFileAtomicSync } from 'write-file-atomic';
import { join } from 'node:path';
import { ownerOnlyFolder } from '../owner-only';

export interface TokenVault {
  readonly storage: 'keychain' | 'file';
  save(accountId: string, token: string): Promise<void>;
  load(accountId: string): Promise<string | null>;
  clear(accountId: string): Promise<void>;
}

export const PREVIEW_TOKENS_FILE = 'preview-tokens.json';

/** The preview's vault: one JSON file, mode 0600, in the preview's own data folder. */
export function fileTokenVault(dataDir: string): TokenVault {
  const file = join(dataDir, PREVIEW_TOKENS_FILE);
  const read = (): Record<string, string> => {
    if (!existsSync(file)) return {};
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
    } catch {
      return {};
    }
  };
  const write = (tokens: Record<string, string>) => {
    ownerOnlyFolder(dataDir);
    writeFileAtomicSync(file, JSON.stringify(tokens), { mode: 0o600 });
  };
  return {
    storage: 'file',
    async save(accountId, token) {
      write({ ...read(), [accountId]: token });
    },
    async load(accountId) {
      const token = read()[accountId];
      return typeof token === 'string' && token !== '' ? token : null;
    },
    async clear(accountId) {
      const tokens = read();
      delete tokens[accountId];
      write(tokens);
    },
  };
}
