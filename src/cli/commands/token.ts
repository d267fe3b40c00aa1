import { issueServiceToken, TokenIssueError } from '../../server/tokens';
import { intOption, parseOptions } from '../args';
import { UsageError } from '../errors';
import type { Io } from '../io';

/** `muster token --data DIR --company ID [--ttl SECONDS]`: prints a new bearer token. */
export async function tokenCommand(args: string[], io: Io): Promise<number> {
  const { values } = parseOptions(args, { data: { type: 'string' }, company: { type: 'string' }, ttl: { type: 'string' } });
  if (!values.data) throw new UsageError('--data DIR is required.');
  const companyId = intOption(values.company, 'company');
  if (companyId === undefined) throw new UsageError('--company ID is required.');
  try {
    io.out(issueServiceToken({ dataDir: values.data, companyId, ttlSeconds: intOption(values.ttl, 'ttl') ?? null }));
    return 0;
  } catch (error) {
    if (error instanceof TokenIssueError) throw new UsageError(error.message);
    throw error;
  }
}
