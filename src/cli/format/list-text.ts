/** What `muster list` prints: the draft made, its check, and for subjects who went in and who did not. */
import type { SubjectsPlan, WorkspaceSummary } from '../../services/usecases';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** Enough names to recognise the people; the count says the rest. */
const SHOWN = 10;
const names = (people: readonly { name: string }[]) =>
  `${people.slice(0, SHOWN).map((p) => p.name).join(', ')}${people.length > SHOWN ? ` and ${people.length - SHOWN} more` : ''}`;

export function formatDraftCheck(summary: WorkspaceSummary): string {
  const lines = [
    `Draft ${summary.id} “${summary.name}” of event ${summary.externalEventId}: ${plural(summary.rows, 'row')}, ${summary.invalidRows} invalid, ${summary.duplicateRows} repeating an earlier row.`,
  ];
  for (const g of summary.groups) lines.push(`  ${g.level === 'problem' ? 'problem' : 'warning'} ${g.kind.replaceAll('_', ' ')} (${g.field}): ${plural(g.rows, 'row')}`);
  if (summary.rows > 0) lines.push('Open it in the app from the event’s lists to edit and send it.');
  return lines.join('\n');
}

export function formatPlan(plan: SubjectsPlan, includeFlagged: boolean): string {
  const lines = [`Added ${plan.adding} of ${plural(plan.found, 'subject')} found.`];
  if (plan.repeats.length > 0) lines.push(`Already in the list, not added twice: ${names(plan.repeats)}.`);
  if (plan.flagged.length > 0) {
    const why = (f: SubjectsPlan['flagged'][number]) => `${f.name} (${f.flags.map((flag) => (flag === 'no_email' ? 'no e-mail' : `not to be contacted until ${f.excludedUntil}`)).join(', ')})`;
    const shown = plan.flagged.slice(0, SHOWN).map(why).join(', ');
    const more = plan.flagged.length > SHOWN ? ` and ${plan.flagged.length - SHOWN} more` : '';
    lines.push(includeFlagged ? `Flagged, added as asked: ${shown}${more}.` : `Flagged and left out (--include-flagged adds them): ${shown}${more}.`);
  }
  if (plan.unsent.length > 0) lines.push(`Not on the service yet, left out until a sync sends them: ${names(plan.unsent)}.`);
  for (const q of plan.questions) {
    lines.push(`The preferred language “${q.written}” of ${plural(q.subjects, 'subject')} fits ${q.options.join(', ')}; it was kept as written, for you to choose (--locale "${q.written}=${q.options[0]}").`);
  }
  return lines.join('\n');
}
