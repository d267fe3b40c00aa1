import { safeStorage } from 'electron';
import { mkdir, readFile, rm } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import { dirname } from 'node:path';

/** Raised instead of ever falling back to a readable token on disk. */
export class TokenStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenStoreError';
  }
}

export interface TokenStore {
  /** Whether the OS keychain can protect a token right now. */
  available(): Promise<boolean>;
  save(token: string): Promise<void>;
  /** The saved token, or null when none was saved. */
  load(): Promise<string | null>;
  clear(): Promise<void>;
}

/**
 * Linux may fall back to a hard-coded key ("basic_text"): that is obfuscation, not
 * protection, so it counts as unavailable. The app ships for Windows and macOS, where the
 * keychain (DPAPI, Keychain) is always used.
 */
async function encryptionAvailable(): Promise<boolean> {
  if (!(await safeStorage.isAsyncEncryptionAvailable())) return false;
  if (process.platform !== 'linux') return true;
  const backend = safeStorage.getSelectedStorageBackend();
  return backend !== 'basic_text' && backend !== 'unknown';
}

/** A bearer token kept as keychain-encrypted bytes in `file`; the file never holds plaintext. */
export function createTokenStore(file: string): TokenStore {
  const write = async (ciphertext: Buffer) => {
    await mkdir(dirname(file), { recursive: true });
    // Whole or not at all, so a crash never leaves half a ciphertext behind.
    await writeFileAtomic(file, ciphertext, { mode: 0o600 });
  };

  return {
    available: encryptionAvailable,

    async save(token) {
      if (typeof token !== 'string' || token.trim() === '') throw new TokenStoreError('There is no token to save.');
      if (!(await encryptionAvailable())) {
        throw new TokenStoreError('The system keychain is not available, so Muster will not save the token. Enter it again next time.');
      }
      const ciphertext = await safeStorage.encryptStringAsync(token);
      if (ciphertext.includes(Buffer.from(token, 'utf8'))) {
        throw new TokenStoreError('The system keychain did not encrypt the token, so Muster will not save it.');
      }
      await write(ciphertext);
    },

    async load() {
      let ciphertext: Buffer;
      try {
        ciphertext = await readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      if (!(await encryptionAvailable())) throw new TokenStoreError('The system keychain is not available, so the saved token cannot be read.');
      try {
        const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(ciphertext);
        if (shouldReEncrypt) await write(await safeStorage.encryptStringAsync(result));
        return result;
      } catch {
        throw new TokenStoreError('The saved token can no longer be read (the keychain changed). Enter it again.');
      }
    },

    async clear() {
      await rm(file, { force: true });
    },
  };
}
