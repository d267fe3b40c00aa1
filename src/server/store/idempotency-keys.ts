import type { Db } from '../db/open';

export interface IdempotencyRow {
  request_hash: string;
  status_code: number | null;
  response: string | null;
  created_at: string;
}

/** The idempotency keys of POSTs, per company, prepared once per service. */
export function prepareIdempotencyKeys(db: Db) {
  const find = db.prepare('SELECT request_hash, status_code, response, created_at FROM idempotency_keys WHERE company_id = ? AND key = ?');
  const claim = db.prepare('INSERT INTO idempotency_keys (company_id, key, request_hash, created_at) VALUES (?, ?, ?, ?)');
  const store = db.prepare('UPDATE idempotency_keys SET status_code = ?, response = ? WHERE company_id = ? AND key = ?');
  const release = db.prepare('DELETE FROM idempotency_keys WHERE company_id = ? AND key = ?');
  const expire = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?');
  return {
    find: (companyId: number, key: string) => find.get(companyId, key) as IdempotencyRow | undefined,
    claim: (companyId: number, key: string, hash: string, at: string) => void claim.run(companyId, key, hash, at),
    store: (companyId: number, key: string, status: number, response: string) => void store.run(status, response, companyId, key),
    release: (companyId: number, key: string) => void release.run(companyId, key),
    expireBefore: (at: string) => void expire.run(at),
  };
}
