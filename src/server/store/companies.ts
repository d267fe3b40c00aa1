import type { Db } from '../db/open';
import { hashSecret, newSecret } from '../http/auth';

export interface Company {
  id: number;
  name: string;
}

export function createCompany(db: Db, name: string): Company {
  const info = db.prepare('INSERT INTO companies (name) VALUES (?)').run(name);
  return { id: Number(info.lastInsertRowid), name };
}

export function listCompanies(db: Db): Company[] {
  return db.prepare('SELECT id, name FROM companies ORDER BY id').all() as Company[];
}

export interface ApplicationCredentials {
  applicationId: number;
  clientId: string;
  clientSecret: string;
}

/** Registers an OAuth client application; the secret is shown once and stored hashed. */
export function createApplication(db: Db, companyId: number, name: string): ApplicationCredentials {
  const clientId = newSecret('cid');
  const clientSecret = newSecret('cs');
  const info = db
    .prepare('INSERT INTO oauth_applications (company_id, name, client_id, client_secret_hash) VALUES (?, ?, ?, ?)')
    .run(companyId, name, clientId, hashSecret(clientSecret));
  return { applicationId: Number(info.lastInsertRowid), clientId, clientSecret };
}

export function findApplicationByCredentials(db: Db, clientId: string, clientSecret: string): { id: number; company_id: number } | undefined {
  return db
    .prepare('SELECT id, company_id FROM oauth_applications WHERE client_id = ? AND client_secret_hash = ?')
    .get(clientId, hashSecret(clientSecret)) as { id: number; company_id: number } | undefined;
}

export function firstApplicationOf(db: Db, companyId: number): number | undefined {
  const row = db.prepare('SELECT id FROM oauth_applications WHERE company_id = ? ORDER BY id LIMIT 1').get(companyId) as { id: number } | undefined;
  return row?.id;
}

/** Issues a bearer token; only its hash is kept. `ttlSeconds` null means it never expires. */
export function issueToken(db: Db, applicationId: number, now: Date, ttlSeconds: number | null): { token: string; expiresAt: string | null } {
  const app = db.prepare('SELECT company_id FROM oauth_applications WHERE id = ?').get(applicationId) as { company_id: number } | undefined;
  if (!app) throw new Error(`No OAuth application ${applicationId}.`);
  const token = newSecret('mst');
  const expiresAt = ttlSeconds === null ? null : new Date(now.getTime() + ttlSeconds * 1000).toISOString();
  db.prepare('INSERT INTO access_tokens (application_id, company_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
    .run(applicationId, app.company_id, hashSecret(token), now.toISOString(), expiresAt);
  return { token, expiresAt };
}

export function revokeToken(db: Db, token: string, now: Date): boolean {
  return db.prepare('UPDATE access_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL').run(now.toISOString(), hashSecret(token)).changes > 0;
}
