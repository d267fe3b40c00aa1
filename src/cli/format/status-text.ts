/** The outbox and the drafts' pushes as lines for a person (`muster status`, `muster sync`). */
import type { DraftPushStatus, OutboxStatus } from '../../services/usecases';

function ago(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 86_400) return `${Math.round(s / 360) / 10} h`;
  return `${Math.round(s / 8640) / 10} days`;
}

/** A push as `status` and `sync` show it: the disagreements counted, not listed. */
export type DraftSummary = Omit<DraftPushStatus, 'disagreements'> & { disagreements: number | null };

export const summarizeDraft = ({ disagreements, ...d }: DraftPushStatus): DraftSummary => ({ ...d, disagreements: disagreements?.length ?? null });

function draftLine(d: DraftSummary): string {
  const parts = [`draft ${d.draftId} ${d.file} → event ${d.externalEventId}: ${d.state}`];
  if (d.importId !== null) parts.push(`import ${d.importId}`);
  if (d.actionId !== null) parts.push(`action ${d.actionId} ${d.actionStatus}${d.progress && d.progress.total > 0 ? ` ${d.progress.processed}/${d.progress.total}` : ''}`);
  if (d.disagreements) parts.push(`${d.disagreements} parse disagreement${d.disagreements === 1 ? '' : 's'}`);
  return `  ${parts.join(', ')}${d.error ? ` — ${d.error}` : ''}`;
}

export function formatOutbox(status: OutboxStatus, drafts: readonly DraftSummary[], now: number): string {
  const c = status.counts;
  const lines = [
    `Outbox: ${c.pending} waiting, ${c.in_flight} being sent, ${c.done} sent, ${c.rejected} refused, ${c.blocked} blocked.`,
    `Oldest pending: ${status.oldestPendingAgeMs === null ? 'none' : `${ago(status.oldestPendingAgeMs)} old`}.`,
    `Last successful sync: ${status.lastSyncAt === null ? 'never' : `${new Date(status.lastSyncAt).toISOString()} (${ago(now - status.lastSyncAt)} ago)`}.`,
  ];
  if (status.pausedReason) lines.push(`Paused (${status.pausedReason}): ${status.currentError ?? ''}`.trim());
  else if (status.currentError) lines.push(`Current error: ${status.currentError}`);
  if (status.nextAttemptAt !== null && c.pending > 0 && !status.pausedReason) lines.push(`Next attempt: ${status.nextAttemptAt <= now ? 'now' : `in ${ago(status.nextAttemptAt - now)}`}.`);
  if (c.rejected + c.blocked > 0) lines.push('Refused and blocked changes stay until you act: muster outbox --server URL lists them; --retry tries again, --discard gives a change up.');
  if (drafts.length > 0) lines.push('Pushes:', ...drafts.map(draftLine));
  return lines.join('\n');
}
