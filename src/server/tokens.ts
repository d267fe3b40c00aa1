/**
 * Issue a bearer token for a company of a reference service kept in a data folder, without
 * the service running: what `muster token` and the app's demo use. The service's database is
 * opened and closed here, so callers never touch it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openServiceDb } from './db/open';
import { SERVICE_DB_FILE } from './index';
import { createApplication, firstApplicationOf, issueToken, listCompanies } from './store/companies';

/** A request that cannot be met, in a sentence. */
export class TokenIssueError extends Error {
  override name = 'TokenIssueError';
}

export interface TokenRequest {
  dataDir: string;
  companyId: number;
  /** Lifetime in seconds; none means the token does not expire. */
  ttlSeconds?: number | null;
  now?: Date;
}

export function issueServiceToken(request: TokenRequest): string {
  const file = join(request.dataDir, SERVICE_DB_FILE);
  if (!existsSync(file)) throw new TokenIssueError(`No service database in ${request.dataDir}; start \`muster serve --data ${request.dataDir}\` once first.`);
  const db = openServiceDb(file);
  try {
    if (!listCompanies(db).some((c) => c.id === request.companyId)) throw new TokenIssueError(`No company ${request.companyId} in this service.`);
    const appId = firstApplicationOf(db, request.companyId) ?? createApplication(db, request.companyId, 'Muster').applicationId;
    return issueToken(db, appId, request.now ?? new Date(), request.ttlSeconds ?? null).token;
  } finally {
    db.close();
  }
}
