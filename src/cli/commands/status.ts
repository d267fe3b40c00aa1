/**
 * `muster status [--server URL] [--data DIR] [--account NAME] [--json]` says where syncing
 * stands, from the outbox alone (no token, no network): counts per state, the oldest pending
 * op's age, the last successful sync, the current error, why the queue is paused, and each
 * push's draft/import/action state. Without --server, every mirror in the data folder.
 * `--json` prints `{"mirrors": [{server, account, file, outbox, drafts}]}`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MirrorOpenError, openMirror, type MirrorDb } from '../../services/mirror/open';
import { mirrorFileFor } from '../../services/mirror/location';
import { outboxStatus } from '../../services/mirror/queries/outbox-status';
import { getSyncState } from '../../services/mirror/queries/sync-state';
import { draftPushStatuses } from '../../services/sync/imports';
import { parseOptions } from '../args';
import { UsageError } from '../errors';
import { formatOutbox, summarizeDraft } from '../format/status-text';
import type { Io } from '../io';
import { accountOf, dataDirOf, requireServer, type Env } from '../sync/session';

export const STATUS_HELP = 'show the outbox and each push: [--server URL] [--data DIR] [--account NAME] [--json]';

function describe(db: MirrorDb, file: string, now: number) {
  return {
    server: getSyncState(db, 'server_url'),
    account: getSyncState(db, 'account'),
    file,
    outbox: outboxStatus(db, now),
    drafts: draftPushStatuses(db).map(summarizeDraft),
  };
}

export async function statusCommand(args: string[], io: Io, env: Env = process.env): Promise<number> {
  const { values, positionals } = parseOptions(
    args,
    { server: { type: 'string' }, data: { type: 'string' }, account: { type: 'string' }, json: { type: 'boolean' } },
    true,
  );
  if (positionals.length > 0) throw new UsageError(`status takes no file or name; unexpected "${positionals[0]}".`);
  const dataDir = dataDirOf(values, env);
  let files: string[];
  if (values.server) {
    requireServer(values);
    files = [mirrorFileFor(dataDir, values.server, accountOf(values, env))];
    if (!existsSync(files[0])) throw new UsageError(`nothing was synced with ${values.server} (account ${accountOf(values, env)}) from this computer yet; the mirror would be ${files[0]}.`, 1);
  } else {
    files = existsSync(dataDir) ? readdirSync(dataDir).filter((name) => /^mirror-.*\.sqlite$/.test(name)).sort().map((name) => join(dataDir, name)) : [];
  }
  const now = Date.now();
  const mirrors = [];
  const problems: string[] = [];
  for (const file of files) {
    let db: MirrorDb;
    try {
      db = openMirror(file);
    } catch (error) {
      if (error instanceof MirrorOpenError) {
        problems.push(error.message);
        continue;
      }
      throw error;
    }
    try {
      mirrors.push(describe(db, file, now));
    } finally {
      db.close();
    }
  }
  for (const problem of problems) io.err(problem);
  if (values.json) {
    io.out(JSON.stringify({ mirrors }));
  } else if (mirrors.length === 0) {
    io.out(`No mirrors in ${dataDir} yet.`);
  } else {
    io.out(mirrors.map((m) => `Mirror of ${m.server ?? 'an unknown service'} (account ${m.account ?? 'unknown'}), ${m.file}\n${formatOutbox(m.outbox, m.drafts, now)}`).join('\n\n'));
  }
  return problems.length > 0 ? 1 : 0;
}
