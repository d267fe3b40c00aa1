/**
 * `muster pull --server URL [--follow-campaign N] [--data DIR] [--account NAME] [--token-file F] [--json]`
 * mirrors the imports and actions of the events the mirror knows, every subject, and the
 * standings of the followed campaigns into the mirror the desktop app uses
 * (services/usecases/pull.ts). Local changes waiting to be pushed are kept.
 *
 * Server, data folder, account and token are read as `push`, `sync` and `status` read them
 * (cli/sync/session.ts): the token from MUSTER_TOKEN or --token-file, never an argument.
 * Exit 0 pulled; 2 usage or input (options, server address, token file, mirror folder);
 * 3 the service refused the token; 4 the service cannot be reached; 1 any other failure (what
 * was pulled before is kept). A first pull that reaches no service leaves no mirror behind.
 */
import { pullMirror, UseCaseError, type PullReport } from '../../services/usecases';
import { parseOptions } from '../args';
import { asUsageError, UsageError } from '../errors';
import type { Io } from '../io';
import { connectionOf, refuseTokenArgument, SESSION_OPTIONS, type Env } from '../sync/session';


const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function formatPull(report: PullReport): string {
  const s = report.subjects;
  const i = report.imports;
  const lines = [
    `Pulled ${plural(s.pulled, 'subject')}: ${s.new} new, ${s.changed} changed, ${plural(s.conflicts, 'conflict')}, ${s.deleted} deleted on the service.`,
    `Pulled ${plural(i.imports, 'import')} and ${plural(i.actions, 'action')} of ${plural(i.events, 'event')}${i.removed ? `; ${i.removed} removed` : ''}.`,
  ];
  if (s.gone > 0) lines.push(`${plural(s.gone, 'subject')} with changes made here ${s.gone === 1 ? 'was' : 'were'} deleted on the service; resolve them in the app.`);
  if (s.conflicts > 0) lines.push(`${plural(s.conflicts, 'subject')} changed both here and on the service; choose which values to keep.`);
  const c = report.campaigns;
  if (c.campaigns > 0) lines.push(`Pulled the standings of ${plural(c.campaigns, 'followed campaign')} (${plural(c.standings, 'subject')} in them).`);
  if (c.refused > 0) lines.push(`The service would not answer for ${plural(c.refused, 'followed campaign')}; their last standings are kept.`);
  if (i.skippedEvents > 0) lines.push(`${plural(i.skippedEvents, 'event')} known only by external id ${i.skippedEvents === 1 ? 'was' : 'were'} skipped; push to it once to learn its id.`);
  return lines.join('\n');
}

export async function pullCommand(args: string[], io: Io, env: Env = process.env): Promise<number> {
  refuseTokenArgument(args);
  const { values, positionals } = parseOptions(args, { ...SESSION_OPTIONS, 'follow-campaign': { type: 'string' } }, true);
  if (positionals.length > 0) throw new UsageError(`pull takes no file or name; unexpected "${positionals[0]}".`);
  const follow = values['follow-campaign'];
  if (follow !== undefined && !/^[1-9]\d{0,14}$/.test(follow)) throw new UsageError(`--follow-campaign needs a campaign number, not "${follow}".`);
  try {
    const report = await pullMirror(connectionOf(values, env), { follow: follow === undefined ? [] : [Number(follow)] });
    io.out(values.json ? JSON.stringify(report) : formatPull(report));
    return 0;
  } catch (error) {
    if (error instanceof UseCaseError && error.reason === 'token_refused') {
      throw new UsageError('The service did not accept the access token; give a valid one with MUSTER_TOKEN or --token-file. What was pulled before is kept.', 3);
    }
    if (error instanceof UseCaseError && error.reason === 'unreachable') throw new UsageError(`${error.message} What was pulled before is kept; run pull again when the service can be reached.`, 4);
    if (error instanceof UseCaseError && error.reason === 'failed') throw new UsageError(`${error.message} What was pulled before is kept; run pull again.`, 1);
    throw asUsageError(error);
  }
}
