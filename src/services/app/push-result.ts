/** A push's standing as the workspace shows it (drafts.push and drafts.decide answer it). */
import type { PushResult } from '../../core/contract/app-api';
import type { PushOutcome } from '../usecases';

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
export function pushResultOf({ status }: PushOutcome, unreachable: string | null, sheetRows: () => readonly (number | null)[]): PushResult {
  const r = status.result;
  const waiting = status.review === 'asked' && status.disagreements !== null;
  const rows = waiting ? sheetRows() : [];
  return {
    state: status.state,
    review: waiting
      ? status.disagreements!.map((d) => ({ row: d.row_number === 0 ? 0 : (rows[d.row_number - 1] ?? null), field: d.field, offline: asText(d.offline), service: asText(d.service) }))
      : null,
    actionStatus: status.actionStatus,
    created: r?.created ?? null,
    updated: r?.updated ?? null,
    skipped: r ? r.skipped_invalid + r.skipped_duplicates + (r.skipped_conflicts ?? 0) : null,
    destroyed: r?.destroyed ?? null,
    error: waiting ? null : (status.error ?? unreachable),
  };
}
