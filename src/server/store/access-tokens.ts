import type { Db } from '../db/open';

export interface TokenRow {
  company_id: number;
  application_id: number;
  expires_at: string | null;
  revoked_at: string | null;
}

/**
 * The token lookups made on every request, prepared once per service: authentication, the
 * rate limit's "is this a token we issued", and fault mode's expiry of the caller's token.
 */
export function prepareTokenLookups(db: Db) {
  const find = db.prepare('SELECT t.company_id, t.application_id, t.expires_at, t.revoked_at FROM access_tokens t WHERE t.token_hash = ?');
  const known = db.prepare('SELECT 1 FROM access_tokens WHERE token_hash = ? AND revoked_at IS NULL');
  const expire = db.prepare('UPDATE access_tokens SET expires_at = ? WHERE token_hash = ? AND (expires_at IS NULL OR expires_at > ?)');
  return {
    find: (hash: string) => find.get(hash) as TokenRow | undefined,
    isKnown: (hash: string) => known.get(hash) !== undefined,
    /** Expires the token at `at` unless it already expired earlier; true when it changed. */
    expire: (hash: string, at: string) => expire.run(at, hash, at).changes > 0,
  };
}
