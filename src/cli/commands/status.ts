/**
 * `muster status [--server URL] [--data DIR] [--account NAME] [--json]` says where syncing
 * stands, from the outbox alone (no token, no network): counts per state, the oldest pending
 * op's age, the last successful sync, the current error, why the queue is paused, and each
 * push's draft/import/action state. Without --server, every mirror in the data folder.
 * `--json` prints `{"mirrors": [{server, account, file, outbox, drafts}]}`; the lines are said in
 * the language of `--lang`, else of the locale, else English.
 */
import { mirrorStatus } from '../../services/usecases';
import { parseOptions } from '../args';
import { asUsageError, UsageError } from '../errors';
import { formatOutbox, summarizeDraft } from '../format/status-text';
import type { Io } from '../io';
import { languageOf, wordsFor } from '../language';
import { accountOf, dataDirOf, requireServer, type Env } from '../sync/session';


export async function statusCommand(args: string[], io: Io, env: Env = process.env): Promise<number> {
  const { values, positionals } = parseOptions(
    args,
    { server: { type: 'string' }, data: { type: 'string' }, account: { type: 'string' }, json: { type: 'boolean' }, lang: { type: 'string' } },
    true,
  );
  if (positionals.length > 0) throw new UsageError(`status takes no file or name; unexpected "${positionals[0]}".`);
  const words = wordsFor(languageOf(values.lang, env));
  const { t } = words;
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
    io.out(t('cli.status.no_mirrors', { dir: dataDir }));
  } else {
    const head = (m: (typeof mirrors)[number]) => t('cli.status.mirror', { server: m.server ?? t('cli.status.unknown_server'), account: m.account ?? t('cli.status.unknown_account'), file: m.file });
    io.out(mirrors.map((m) => `${head(m)}\n${formatOutbox(m.outbox, m.drafts, now, words)}`).join('\n\n'));
  }
  return report.problems.length > 0 ? 1 : 0;
}
