/**
 * `muster outbox --server URL [--retry ID|all] [--discard ID [--yes]] [--json]`: the changes
 * waiting in the mirror's outbox, in words; tries refused ones again; gives a change up after
 * saying what is lost (nothing changes without --yes). No token, no network.
 */
import { discardFromOutbox, listOutbox, retryOutbox, type OutboxItem } from '../../services/usecases';
import { intOption, parseOptions } from '../args';
import { asUsageError, UsageError } from '../errors';
import type { Io } from '../io';
import { languageOf, wordsFor, type Words } from '../language';
import { accountOf, dataDirOf, requireServer, type Env } from '../sync/session';

/** Catalog words said in order, or the English sentence when a change came without them. */
const said = ({ t }: Words, words: readonly { key: string; params?: Record<string, string | number> }[] | null | undefined, english: string | null): string | null =>
  words && words.length > 0 ? words.map((w) => t(w.key, w.params ?? {})).join(' ') : english;

function titleOf({ t }: Words, item: OutboxItem): string {
  const { step, form, params } = item.titleWords;
  const key = `outbox.steps.${step}`;
  const named = t(key);
  return named === key ? item.title : t(`outbox.forms.${form}`, { ...params, step: named });
}

function line(words: Words, item: OutboxItem, width: number): string {
  const state = words.t(`cli.outbox.states.${item.state}`);
  const error = said(words, item.errorWords, item.error);
  return `  ${String(item.id).padStart(4)}  ${(state.startsWith('cli.') ? item.state : state).padEnd(width)}  ${titleOf(words, item)}${error ? ` — ${error}` : ''}`;
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
    lang: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`outbox takes no file or name; unexpected "${positionals[0]}".`);
  if (values.retry !== undefined && values.discard !== undefined) throw new UsageError('give --retry or --discard, not both.');
  const words = wordsFor(languageOf(values.lang, env));
  const { t, n } = words;
  const place = { dataDir: dataDirOf(values, env), serverUrl: requireServer(values), account: accountOf(values, env) };
  try {
    if (values.retry !== undefined) {
      const id = values.retry === 'all' ? undefined : intOption(values.retry, 'retry', '--retry takes a change number from muster outbox, or all.');
      const count = retryOutbox(place, id);
      io.out(count === 0 ? t('cli.outbox.retried_none') : t('cli.outbox.retried', { n: n(count), server: values.server ?? '' }, count));
      return 0;
    }
    if (values.discard !== undefined) {
      const id = intOption(values.discard, 'discard', '--discard takes a change number from muster outbox.')!;
      const { lost: english, lostWords, discarded } = discardFromOutbox(place, id, values.yes === true);
      const lost = said(words, lostWords, english)!;
      io.out(discarded ? t('cli.outbox.discarded', { lost }) : `${lost}\n${t('cli.outbox.not_yet')}`);
      return discarded ? 0 : 1;
    }
    const items = listOutbox(place);
    if (values.json) io.out(JSON.stringify({ items }));
    else if (items.length === 0) io.out(t('cli.outbox.empty'));
    else {
      // The state column as wide as its longest word in this language.
      const width = Math.max(10, ...items.map((i) => t(`cli.outbox.states.${i.state}`).length));
      io.out([t('cli.outbox.title'), ...items.map((i) => line(words, i, width))].join('\n'));
      if (items.some((i) => i.state === 'rejected' || i.state === 'blocked')) {
        io.out(t('cli.outbox.act'));
      }
    }
    return 0;
  } catch (error) {
    throw asUsageError(error);
  }
}
