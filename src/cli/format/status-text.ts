/** The outbox and the drafts' pushes as lines for a person (`muster status`, `muster sync`), in the command's language. */
import type { DraftPushStatus, OutboxStatus } from '../../services/usecases';
import { wordsFor, type Words } from '../language';

/** An age as the language writes it: seconds, minutes, hours with a tenth, days with a tenth. */
function ago({ t, n }: Words, ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return t('cli.status.ago.s', { n: n(s) });
  if (s < 3600) return t('cli.status.ago.min', { n: n(Math.round(s / 60)) });
  if (s < 86_400) return t('cli.status.ago.h', { n: n(Math.round(s / 360) / 10) });
  return t('cli.status.ago.days', { n: n(Math.round(s / 8640) / 10) });
}

/** A push as `status` and `sync` show it: the disagreements counted, not listed. */
export type DraftSummary = Omit<DraftPushStatus, 'disagreements'> & { disagreements: number | null };

export const summarizeDraft = ({ disagreements, ...d }: DraftPushStatus): DraftSummary => ({ ...d, disagreements: disagreements?.length ?? null });

/** A word of the catalogs for a state, or the state itself when they have none (a newer service's). */
function stateWord({ t }: Words, key: string, state: string): string {
  const said = t(`${key}.${state}`);
  return said === `${key}.${state}` ? state : said;
}

function draftLine(words: Words, d: DraftSummary): string {
  const { t, n } = words;
  const parts = [t('cli.status.draft', { id: d.draftId, file: d.file, event: d.externalEventId, state: stateWord(words, 'cli.status.states', d.state) })];
  if (d.importId !== null) parts.push(t('cli.status.import', { id: d.importId }));
  if (d.actionId !== null) parts.push(`${t('cli.status.action', { id: d.actionId, status: d.actionStatus ?? '' })}${d.progress && d.progress.total > 0 ? ` ${d.progress.processed}/${d.progress.total}` : ''}`);
  if (d.disagreements) parts.push(t('cli.status.disagreements', { n: n(d.disagreements) }, d.disagreements));
  const error = d.errorWords && d.errorWords.length > 0 ? d.errorWords.map((w) => t(w.key, w.params ?? {})).join(' ') : d.error;
  return `  ${parts.join(', ')}${error ? ` — ${error}` : ''}`;
}

/** The outbox's counts and times, and each push, in the language of `words` (English unless asked otherwise). */
export function formatOutbox(status: OutboxStatus, drafts: readonly DraftSummary[], now: number, words: Words = wordsFor('en')): string {
  const { t, n } = words;
  const c = status.counts;
  const lines = [
    t('cli.status.counts', { pending: n(c.pending), in_flight: n(c.in_flight), done: n(c.done), rejected: n(c.rejected), blocked: n(c.blocked) }),
    status.oldestPendingAgeMs === null ? t('cli.status.oldest_none') : t('cli.status.oldest', { age: ago(words, status.oldestPendingAgeMs) }),
    status.lastSyncAt === null ? t('cli.status.last_sync_never') : t('cli.status.last_sync', { at: new Date(status.lastSyncAt).toISOString(), age: ago(words, now - status.lastSyncAt) }),
  ];
  if (status.pausedReason) lines.push(t('cli.status.paused', { reason: status.pausedReason, error: status.currentError ?? '' }).trim());
  else if (status.currentError) lines.push(t('cli.status.current_error', { error: status.currentError }));
  if (status.nextAttemptAt !== null && c.pending > 0 && !status.pausedReason) {
    lines.push(status.nextAttemptAt <= now ? t('cli.status.next_now') : t('cli.status.next_in', { age: ago(words, status.nextAttemptAt - now) }));
  }
  if (c.rejected + c.blocked > 0) lines.push(t('cli.status.act'));
  if (drafts.length > 0) lines.push(t('cli.status.pushes'), ...drafts.map((d) => draftLine(words, d)));
  return lines.join('\n');
}
