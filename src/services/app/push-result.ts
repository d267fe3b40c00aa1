/** A push's standing as the workspace shows it (drafts.push and drafts.decide answer it). */
import type { PushResult } from '../../core/contract/app-api';
import type { PushOutcome } from '../usecases';
import { EMAIL_MATCH, type EmailMatchNote } from '../sync/imports/email-matches';

/** A parse value as text: a list joined, nothing as an empty string. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(asText).join(', ');
  return String(value);
}

/**
 * `sheetRows` turns the service's numbering (the n-th participant sent) into the row of the
 * spreadsheet the grid shows (null for a row added in the app, which has none); a row the
 * service numbers 0 is about the whole list.
 */
export function pushResultOf({ status }: PushOutcome, sheetRows: () => readonly (number | null)[]): PushResult {
  const r = status.result;
  const waiting = status.review === 'asked' && status.disagreements !== null;
  const rows = waiting ? sheetRows() : [];
  const rowOf = (n: number) => (n === 0 ? 0 : (rows[n - 1] ?? null));
  const found = waiting ? status.disagreements! : [];
  return {
    state: status.state,
    review: waiting
      ? found.filter((d) => d.field !== EMAIL_MATCH).map((d) => ({ row: rowOf(d.row_number), field: d.field, offline: asText(d.offline), service: asText(d.service) }))
      : null,
    emailUpdates: waiting
      ? found.filter((d) => d.field === EMAIL_MATCH).map((d) => {
          const note = d.service as EmailMatchNote;
          return { row: rowOf(d.row_number), participantId: note.participant_id, changes: note.changes };
        })
      : null,
    actionStatus: status.actionStatus,
    created: r?.created ?? null,
    updated: r?.updated ?? null,
    skipped: r ? r.skipped_invalid + r.skipped_duplicates + (r.skipped_conflicts ?? 0) : null,
    destroyed: r?.destroyed ?? null,
    error: waiting ? null : status.error,
  };
}
