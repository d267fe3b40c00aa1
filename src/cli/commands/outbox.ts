/**
 * `muster outbox --server URL [--retry ID|all] [--discard ID [--yes]] [--json]`: the changes
 * waiting in the mirror's outbox, in words; tries refused ones again; gives a change up after
 * saying what is lost (nothing changes without --yes). No token, no network.
 */
import { discardFromOutbox, listOutbox, retryOutbox, type OutboxItem } from '../../services/usecases';
import { intOption, parseOptions } from '../args';
import { asUsageError, UsageError } from '../errors';
import type { Io } from '../io';
import { accountOf, dataDirOf, requireServer, type Env } from '../sync/session';

const STATE: Record<string, string> = { pending: 'waiting', in_flight: 'being sent', rejected: 'refused', blocked: 'blocked' };

function line(item: OutboxItem): string {
  return `  ${String(item.id).padStart(4)}  ${(STATE[item.state] ?? item.state).padEnd(10)}  ${item.title}${item.error ? ` — ${item.error}` : ''}`;
}

export async function outboxCommand(args: string[], io: Io, env: Env = process.env): Promise<number> {
  const { values, positionals } = parseOptions(args, {
    server: { type: 'string' },
    data: { type: 'string' },
    account: { type: 'string' },
    retry: { type: 'string' },
    discard: { type: 'string' },
    yes: { type: 'boolean' },
    json: { type: 'boolean' },
  });
  if (positionals.length > 0) throw new UsageError(`outbox takes no file or name; unexpected "${positionals[0]}".`);
  if (values.retry !== undefined && values.discard !== undefined) throw new UsageError('give --retry or --discard, not both.');
  const place = { dataDir: dataDirOf(values, env), serverUrl: requireServer(values), account: accountOf(values, env) };
  try {
    if (values.retry !== undefined) {
      const id = values.retry === 'all' ? undefined : intOption(values.retry, 'retry', '--retry takes a change number from muster outbox, or all.');
      const count = retryOutbox(place, id);
      io.out(count === 0 ? 'Nothing was refused, so nothing was tried again.' : `${count === 1 ? '1 change is' : `${count} changes are`} waiting to be sent again; run muster sync --server ${values.server} to send ${count === 1 ? 'it' : 'them'}.`);
      return 0;
    }
    if (values.discard !== undefined) {
      const id = intOption(values.discard, 'discard', '--discard takes a change number from muster outbox.')!;
      const { lost, discarded } = discardFromOutbox(place, id, values.yes === true);
      io.out(discarded ? `Discarded. ${lost}` : `${lost}\nNothing was changed yet: add --yes to discard it.`);
      return discarded ? 0 : 1;
    }
    const items = listOutbox(place);
    if (values.json) io.out(JSON.stringify({ items }));
    else if (items.length === 0) io.out('Nothing is waiting in the outbox.');
    else {
      io.out(['Changes not sent yet:', ...items.map(line)].join('\n'));
      if (items.some((i) => i.state === 'rejected' || i.state === 'blocked')) {
        io.out(`Refused changes stay until you act: --retry ID (or all) tries again, --discard ID gives the change up.`);
      }
    }
    return 0;
  } catch (error) {
    throw asUsageError(error);
  }
}
