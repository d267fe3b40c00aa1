import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildService, type Service, type ServiceOptions } from './app';
import { openServiceDb, type Db } from './db/open';
import { firstApplicationOf, issueToken, listCompanies } from './store/companies';
import { seedDemo } from './seed/demo';
import { lockDataDir } from './data-lock';
import { ownerOnlyFolder } from './owner-only';

export interface ServeOptions extends Omit<ServiceOptions, 'db'> {
  dataDir: string;
  port?: number;
  host?: string;
  seed?: 'demo' | null;
  /** Where to write a fresh token per company: {"tokens": [{company_id, company_name, token}]}. */
  tokensOut?: string;
}

export interface CompanyToken {
  company_id: number;
  company_name: string;
  token: string;
}

export interface RunningService extends Service {
  url: string;
  tokens: CompanyToken[];
  close(): Promise<void>;
}

export const SERVICE_DB_FILE = 'service.sqlite';

/** Opens the data folder, seeds an empty one when asked, and serves on loopback. */
export async function startService(options: ServeOptions): Promise<RunningService> {
  ownerOnlyFolder(options.dataDir);
  const release = lockDataDir(options.dataDir);
  let db: Db;
  try {
    db = openServiceDb(join(options.dataDir, SERVICE_DB_FILE));
  } catch (error) {
    release();
    throw error;
  }
  const now = options.now ?? (() => new Date());
  if (options.seed === 'demo' && listCompanies(db).length === 0) seedDemo(db, now());

  const tokens: CompanyToken[] = [];
  if (options.tokensOut) {
    for (const company of listCompanies(db)) {
      const appId = firstApplicationOf(db, company.id);
      if (appId !== undefined) tokens.push({ company_id: company.id, company_name: company.name, token: issueToken(db, appId, now(), null).token });
    }
    writeFileSync(options.tokensOut, `${JSON.stringify({ tokens }, null, 2)}\n`, { mode: 0o600 });
    chmodSync(options.tokensOut, 0o600); // mode above applies only to a new file
  }

  let service: Service | undefined;
  try {
    // Options are checked while building (a bad fault spec), so a refusal must let go too.
    service = await buildService({ ...options, db, now });
    await service.app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  } catch (error) {
    await service?.app.close();
    db.close();
    release();
    throw error;
  }
  const address = service.app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    ...service,
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    tokens,
    async close() {
      await service.app.close();
      db.close();
      release();
    },
  };
}
