import { join } from 'node:path';
import type { TokenVault } from '../services/app/token-vault';
import { createTokenStore } from './token-store';

const ACCOUNT_ID = /^[0-9a-f-]{8,64}$/i;

/** One keychain-encrypted file per account under `dir`; ids are the app's own UUIDs. */
export function keychainVault(dir: string): TokenVault {
  const store = (accountId: string) => {
    if (!ACCOUNT_ID.test(accountId)) throw new Error('An account id must be the app’s own.');
    return createTokenStore(join(dir, `${accountId}.token`));
  };
  return {
    storage: 'keychain',
    save: (accountId, token) => store(accountId).save(token),
    load: (accountId) => store(accountId).load(),
    clear: (accountId) => store(accountId).clear(),
  };
}
