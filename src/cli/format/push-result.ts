/** What `muster push` prints at the end: the draft's push status as a sentence or as JSON. */
import type { DraftPushStatus } from '../../services/usecases';

const n = (value: number) => value.toLocaleString('en-US');

export function pushJson(status: DraftPushStatus): Record<string, unknown> {
  return {
    import_id: status.importId,
    action_id: status.actionId,
    status: status.actionStatus ?? status.state,
    result: status.result,
    disagreements: status.disagreements,
    draft_id: status.draftId,
    draft_state: status.state,
    error: status.error,
  };
}

export function pushText(status: DraftPushStatus): string {
  const where = `${status.file} → event ${status.externalEventId}`;
  const ids = [status.importId !== null ? `import ${status.importId}` : null, status.actionId !== null ? `action ${status.actionId}` : null].filter(Boolean).join(', ');
  if (status.state === 'pushed' && status.result) {
    const r = status.result;
    const parts = [`${n(r.created)} created`, `${n(r.updated)} updated`];
    if (r.skipped_invalid) parts.push(`${n(r.skipped_invalid)} invalid skipped`);
    if (r.skipped_duplicates) parts.push(`${n(r.skipped_duplicates)} duplicates skipped`);
    if (r.skipped_conflicts) parts.push(`${n(r.skipped_conflicts)} left out because several participants share their e-mail`);
    if (r.destroyed) parts.push(`${n(r.destroyed)} removed`);
    if (r.categories_created || r.demographics_created) parts.push(`${n(r.categories_created)} categories and ${n(r.demographics_created)} demographics added`);
    if (r.demographics_ignored) parts.push(`${n(r.demographics_ignored)} demographic entries left out`);
    return `Pushed ${where} (${ids}): ${n(r.total)} participants, ${parts.join(', ')}.`;
  }
  if (status.state === 'failed') return `The push of ${where} failed${ids ? ` (${ids})` : ''}: ${status.error ?? 'no reason was given.'}`;
  return `The push of ${where} is ${status.state}${ids ? ` (${ids})` : ''}${status.error ? `: ${status.error}` : '.'}`;
}
