/**
 * `muster status [--server URL] [--data DIR] [--account NAME] [--json]` says where syncing
 * stands, from the outbox alone (no token, no network): counts per state, the oldest pending
 * op's age, the last successful sync, the current error, why the queue is paused, and each
 * push's draft/import/action state. Without --server, every mirror in the data folder.
 * `--json` prints `{"mirrors": [{server, account, file, outbox, drafts}]}`.
 */
import { mirrorStatus } from '../../services/usecases';
import { parseOptions } from '../args';
import { asUsageError, UsageError } from '../errors';
import { formatOutbox, summarizeDraft } from '../format/status-text';
import type { Io } from '../io';
import { accountOf, dataDirOf, requireServer, type Env } from '../sync/session';


export async function statusCommand(args: string[], io: Io, env: Env = process.env): Promise<number> {
  const { values, positionals } = parseOptions(
    args,
    { server: { type: 'string' }, data: { type: 'string' }, account: { type: 'string' }, json: { type: 'boolean' } },
    true,
  );
  if (positionals.length > 0) throw new UsageError(`status takes no file or name; unexpected "${positionals[0]}".`);
  const dataDir = dataDirOf(values, env);
  if (values.server) requireServer(values);
  const now = Date.now();
  let report;
  try {
    report = mirrorStatus({ dataDir, serverUrl: values.server, account: accountOf(values, env) }, now);
  } catch (error) {
    throw asUsageError(error);
  }
  const mirrors = report.mirrors.map((m) => ({ ...m, drafts: m.drafts.map(summarizeDraft) }));
  for (const problem of report.problems) io.err(problem);
  if (values.json) {
    io.out(JSON.stringify({ mirrors }));
  } else if (mirrors.length === 0) {
    io.out(`No mirrors in ${dataDir} yet.`);
  } else {
    io.out(mirrors.map((m) => `Mirror of ${m.server ?? 'an unknown service'} (account ${m.account ?? 'unknown'}), ${m.file}\n${formatOutbox(m.outbox, m.drafts, now)}`).join('\n\n'));
  }
  return report.problems.length > 0 ? 1 : 0;
}
