import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A stand-in keychain: a real (if toy) cipher, so "the file holds no plaintext" is tested
 * against bytes that differ from the token, and a switch for when the keychain is missing.
 */
const keychain = vi.hoisted(() => ({
  available: true,
  backend: 'gnome_libsecret' as string,
  rotate: false,
  leak: false,
  /** The ciphertext's version prefix, as Chromium's os_crypt writes it; a rotation bumps it. */
  version: 'v10',
}));

vi.mock('electron', () => {
  const scramble = (bytes: Buffer) => Buffer.from(bytes.map((b) => b ^ 0x5a));
  return {
    safeStorage: {
      isAsyncEncryptionAvailable: async () => keychain.available,
      getSelectedStorageBackend: () => keychain.backend,
      encryptStringAsync: async (text: string) => (keychain.leak ? Buffer.from(text) : Buffer.concat([Buffer.from(keychain.version), scramble(Buffer.from(text))])),
      decryptStringAsync: async (data: Buffer) => {
        if (!/^v1\d$/.test(data.subarray(0, 3).toString())) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
        return { result: scramble(data.subarray(3)).toString(), shouldReEncrypt: keychain.rotate };
      },
    },
  };
});

const { createTokenStore, TokenStoreError } = await import('../../../src/main/token-store');

const TOKEN = 'mst_live_0123456789abcdef';

describe('the token store', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    Object.assign(keychain, { available: true, backend: 'gnome_libsecret', rotate: false, leak: false, version: 'v10' });
    dir = mkdtempSync(join(tmpdir(), 'muster-tokens-'));
    file = join(dir, 'nested', 'token.bin');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes only ciphertext, readable only by its owner, and reads the token back', async () => {
    const store = createTokenStore(file);
    await store.save(TOKEN);
    const bytes = readFileSync(file);
    expect(bytes.includes(Buffer.from(TOKEN))).toBe(false);
    expect(bytes.toString('latin1')).not.toContain('mst_live');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await store.load()).toBe(TOKEN);
    expect(readdirSync(join(dir, 'nested'))).toEqual(['token.bin']);
  });

  it('refuses to save when the keychain is unavailable, and writes nothing', async () => {
    keychain.available = false;
    const store = createTokenStore(file);
    expect(await store.available()).toBe(false);
    await expect(store.save(TOKEN)).rejects.toBeInstanceOf(TokenStoreError);
    expect(existsSync(file)).toBe(false);
  });

  it('treats Linux’s hard-coded "basic_text" key as no keychain', async () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { value: 'linux' });
    try {
      keychain.backend = 'basic_text';
      await expect(createTokenStore(file).save(TOKEN)).rejects.toThrow(/keychain is not available/);
      expect(existsSync(file)).toBe(false);
      keychain.backend = 'gnome_libsecret';
      await createTokenStore(file).save(TOKEN);
      expect(existsSync(file)).toBe(true);
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
  });

  it('refuses to save when the encryptor hands back the plaintext', async () => {
    keychain.leak = true;
    await expect(createTokenStore(file).save(TOKEN)).rejects.toThrow(/did not encrypt/);
    expect(existsSync(file)).toBe(false);
  });

  it('refuses an empty token', async () => {
    await expect(createTokenStore(file).save('  ')).rejects.toBeInstanceOf(TokenStoreError);
    expect(existsSync(file)).toBe(false);
  });

  it('has no token before one is saved, and none after clear', async () => {
    const store = createTokenStore(file);
    expect(await store.load()).toBeNull();
    await store.save(TOKEN);
    await store.clear();
    expect(existsSync(file)).toBe(false);
    expect(await store.load()).toBeNull();
  });

  it('asks for the token again when the ciphertext cannot be decrypted', async () => {
    const store = createTokenStore(file);
    await store.save(TOKEN);
    writeFileSync(file, Buffer.from('garbage'));
    await expect(store.load()).rejects.toThrow(/Enter it again/);
  });

  it('re-encrypts when the keychain says its key rotated, still without plaintext', async () => {
    const store = createTokenStore(file);
    await store.save(TOKEN);
    expect(readFileSync(file).subarray(0, 3).toString()).toBe('v10');
    Object.assign(keychain, { rotate: true, version: 'v11' });
    expect(await store.load()).toBe(TOKEN);
    const after = readFileSync(file);
    expect(after.subarray(0, 3).toString()).toBe('v11');
    expect(after.includes(Buffer.from(TOKEN))).toBe(false);
  });
});
