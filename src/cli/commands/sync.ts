/**
 * `muster sync --server URL [--data DIR] [--account NAME] [--token-file F] [--json]` runs the
 * mirror's outbox until nothing is left to send: unfinished pushes (after Ctrl-C, a kill, a
 * lost connection, an expired token) and offline subject changes. A paused queue is resumed
 * first, since running sync means a (new) token was given, and ops waiting out a backoff are
 * tried at once: a person runs sync when the service is back.
 *
 * Exit: 0 all sent; 1 something was refused (shown, and kept in the outbox); 2 usage;
 * 3 the token was refused; 4 the service stayed unreachable; 130 interrupted.
 */
import { outboxStatus } from '../../services/mirror/queries/outbox-status';
import { draftPushStatuses } from '../../services/sync/imports';
import { parseOptions } from '../args';
import { UsageError } from '../errors';
import { formatOutbox, summarizeDraft } from '../format/status-text';
import type { Io } from '../io';
import { progressPrinter } from '../sync/progress';
import { PAUSED_SENTENCE, resumeHint, runSession, startNow } from '../sync/run';
import { openSyncSession, refuseTokenArgument, SESSION_OPTIONS, type Env } from '../sync/session';

export const SYNC_HELP = 'send what the outbox holds (finishes interrupted pushes): --server URL [--data DIR] [--account NAME] [--token-file F] [--json]';

export async function syncCommand(args: string[], io: Io, env: Env = process.env): Promise<number> {
  refuseTokenArgument(args);
  const { values, positionals } = parseOptions(args, SESSION_OPTIONS, true);
  if (positionals.length > 0) throw new UsageError(`sync takes no file or name; unexpected "${positionals[0]}".`);
  const session = openSyncSession(values, env, progressPrinter((line) => io.err(line)));
  try {
    const rejectedBefore = outboxStatus(session.db).counts.rejected;
    startNow(session);
    const end = await runSession(session);
    if (end === 'paused') throw new UsageError(PAUSED_SENTENCE, 3);
    if (end === 'interrupted') throw new UsageError(`interrupted; what was not sent is kept: ${resumeHint(values.server!)}.`, 130);
    const status = outboxStatus(session.db);
    if (end === 'stalled') throw new UsageError(`the service cannot be reached now (${status.currentError ?? 'no answer'}); ${resumeHint(values.server!)} later.`, 4);
    const drafts = draftPushStatuses(session.db).map(summarizeDraft);
    if (values.json) io.out(JSON.stringify({ outbox: status, drafts }));
    else io.out(formatOutbox(status, drafts, Date.now()));
    return status.counts.rejected > rejectedBefore ? 1 : 0;
  } finally {
    await session.close();
  }
}
