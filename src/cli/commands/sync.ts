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
import { syncOnce } from '../../services/usecases';
import { parseOptions } from '../args';
import { asUsageError, UsageError } from '../errors';
import { formatOutbox, summarizeDraft } from '../format/status-text';
import type { Io } from '../io';
import type { CommandSeams } from '../seams';
import { abortOnSignals } from '../signals';
import { progressPrinter } from '../sync/progress';
import { PAUSED_SENTENCE, resumeHint } from '../sync/unfinished-run-words';
import { connectionOf, refuseTokenArgument, SESSION_OPTIONS, type Env } from '../sync/session';


export async function syncCommand(args: string[], io: Io, env: Env = process.env, seams: CommandSeams = {}): Promise<number> {
  refuseTokenArgument(args);
  const { values, positionals } = parseOptions(args, SESSION_OPTIONS, true);
  if (positionals.length > 0) throw new UsageError(`sync takes no file or name; unexpected "${positionals[0]}".`);
  const connection = connectionOf(values, env);
  const stop = abortOnSignals();
  let outcome;
  try {
    outcome = await syncOnce(connection, { onEvent: progressPrinter((line) => io.err(line)), onTransition: seams.onTransition, signal: stop.signal });
  } catch (error) {
    throw asUsageError(error);
  } finally {
    stop.dispose();
  }
  const { end, outbox } = outcome;
  if (end === 'paused') throw new UsageError(PAUSED_SENTENCE, 3);
  if (end === 'interrupted') throw new UsageError(`interrupted; what was not sent is kept: ${resumeHint(values.server!)}.`, 130);
  if (end === 'stalled') throw new UsageError(`the service cannot be reached now (${outbox.currentError ?? 'no answer'}); ${resumeHint(values.server!)} later.`, 4);
  const drafts = outcome.drafts.map(summarizeDraft);
  if (values.json) io.out(JSON.stringify({ outbox, drafts }));
  else io.out(formatOutbox(outbox, drafts, Date.now()));
  return outcome.newlyRejected > 0 ? 1 : 0;
}
