/** What `muster import` prints: an import's review, an action's summary, a destroy's notice. */
import type { ImportActionResult } from '../../core/contract/imports';
import type { ImportChangeResult, ImportReview } from '../../services/usecases';

const n = (value: number) => value.toLocaleString('en-US');
const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
/** Rows with problems printed in the table; --json prints them all. */
const SHOWN_ROWS = 50;

export function summaryText(r: ImportActionResult): string {
  const parts = [`${n(r.created)} created`, `${n(r.updated)} updated`];
  if (r.skipped_invalid) parts.push(`${n(r.skipped_invalid)} invalid skipped`);
  if (r.skipped_duplicates) parts.push(`${n(r.skipped_duplicates)} duplicates skipped`);
  if (r.skipped_conflicts) parts.push(`${n(r.skipped_conflicts)} left out because several participants share their e-mail`);
  if (r.destroyed) parts.push(`${n(r.destroyed)} removed`);
  if (r.categories_created || r.demographics_created) parts.push(`${n(r.categories_created)} categories and ${n(r.demographics_created)} demographics added`);
  if (r.demographics_ignored) parts.push(`${n(r.demographics_ignored)} demographic entries left out`);
  return `${n(r.total)} participants: ${parts.join(', ')}`;
}

function actionLine(a: ImportReview['actions'][number]): string {
  const flags = Object.entries(a.flags).filter(([, on]) => on).map(([name]) => name).join(', ') || 'no flags';
  const state = a.status === 'completed' && a.result ? `completed, ${summaryText(a.result)}` : a.status === 'failed' ? `failed: ${a.error ?? 'no reason was given'}` : `${a.status} ${n(a.processed)}/${n(a.total)}`;
  return `  action ${a.id} (${flags}): ${state}`;
}

export function reviewText(review: ImportReview): string {
  const lines = [`Import ${review.id}${review.externalEventId !== null ? ` of event ${review.externalEventId}` : ''}, made ${review.createdAt} by ${review.createdByType}: ${n(review.participants)} participants.`];
  if (review.offline) lines.push(`The service cannot be asked now (${review.offline.replace(/\.$/, '')}); this is what this computer has, as of ${when(review.parsedAt ?? review.seenAt)}.`);
  const parsed = review.parsed;
  if (!parsed) lines.push('Its parse has not been read from the service yet.');
  else {
    const invalid = parsed.filter((p) => p.invalid_fields.length > 0);
    const matched = parsed.filter((p) => p.participant_id !== null).length;
    lines.push(`The service reads ${n(invalid.length)} of ${n(parsed.length)} participants as invalid; ${n(matched)} match a participant the event has.`);
    // Sent from a draft here: the rows as the spreadsheet numbers them.
    const rowOf = (k: number) => (review.sheetRows ? (review.sheetRows[k - 1] === null ? 'added row' : `sheet row ${review.sheetRows[k - 1]}`) : `row ${k}`);
    for (const p of invalid.slice(0, SHOWN_ROWS)) lines.push(`  ${rowOf(p.row_number)}: ${p.name || p.external_id || p.email || '(blank)'} — invalid ${p.invalid_fields.join(', ')}`);
    if (invalid.length > SHOWN_ROWS) lines.push(`  … and ${n(invalid.length - SHOWN_ROWS)} more (--json lists them all).`);
  }
  lines.push(review.actions.length === 0 ? 'No import action has run on it.' : 'Import actions:', ...review.actions.map(actionLine));
  if (review.acting) lines.push('An import action asked for here waits in the outbox.');
  if (review.destroying) lines.push('Its destroy asked for here waits in the outbox.');
  return lines.join('\n');
}

/** What destroying removes, said before it is done. */
export function destroyNotice(review: ImportReview): string {
  return `Destroying import ${review.id} removes it from the service with its ${n(review.participants)} submitted participants, its parse and the record of its ${n(review.actions.length)} import action${review.actions.length === 1 ? '' : 's'}; participants it already imported into the event stay. This computer forgets it too.`;
}

export function changeJson(result: ImportChangeResult): Record<string, unknown> {
  const action = result.review?.actions.at(-1) ?? null;
  return { end: result.end, refused: result.refused, waiting: result.waiting, action, review: result.review };
}
