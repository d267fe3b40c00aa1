import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openServiceDb } from '../../server/db/open';
import { SERVICE_DB_FILE } from '../../server/index';
import { createApplication, firstApplicationOf, issueToken, listCompanies } from '../../server/store/companies';
import { intOption, parseOptions } from '../args';
import { UsageError } from '../errors';
import type { Io } from '../io';

/** `muster token --data DIR --company ID [--ttl SECONDS]`: prints a new bearer token. */
export async function tokenCommand(args: string[], io: Io): Promise<number> {
  const { values } = parseOptions(args, { data: { type: 'string' }, company: { type: 'string' }, ttl: { type: 'string' } });
  if (!values.data) throw new UsageError('--data DIR is required.');
  const file = join(resolve(values.data), SERVICE_DB_FILE);
  if (!existsSync(file)) throw new UsageError(`No service database in ${values.data}; start \`muster serve --data ${values.data}\` once first.`);
  const companyId = intOption(values.company, 'company');
  if (companyId === undefined) throw new UsageError('--company ID is required.');
  const db = openServiceDb(file);
  try {
    if (!listCompanies(db).some((c) => c.id === companyId)) throw new UsageError(`No company ${companyId} in this service.`);
    const appId = firstApplicationOf(db, companyId) ?? createApplication(db, companyId, 'Muster').applicationId;
    const { token } = issueToken(db, appId, new Date(), intOption(values.ttl, 'ttl') ?? null);
    io.out(token);
    return 0;
  } finally {
    db.close();
  }
}
