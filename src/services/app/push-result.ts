/** A push's standing as the workspace shows it (drafts.push and drafts.decide answer it). */
import type { PushResult } from '../../core/contract/app-api';
import type { PushOutcome, SkippedSheetRow } from '../usecases';
import { EMAIL_MATCH, type EmailMatchNote } from '../sync/imports/email-matches';

/** Rows left out named in the dialog; all of them go into the download. */
const SKIPPED_SHOWN = 1_000;

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
export function pushResultOf({ status }: PushOutcome, sheetRows: () => readonly (number | null)[], skipped: () => SkippedSheetRow[] | null = () => null): PushResult {
  const r = status.result;
  const skippedCount = r ? r.skipped_invalid + r.skipped_duplicates + (r.skipped_conflicts ?? 0) : null;
  // Named only once the action has ended: before, nothing has been left out yet.
  const left = status.actionStatus === 'completed' && skippedCount ? skipped() : null;
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
    skipped: skippedCount,
    destroyed: r?.destroyed ?? null,
    skippedRows: left ? left.slice(0, SKIPPED_SHOWN).map(({ row, reason, fields, repeats }) => ({ row, reason, fields, repeats })) : null,
    error: waiting ? null : status.error,
  };
}
