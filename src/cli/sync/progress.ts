/**
 * Progress lines on stderr while a push or a sync runs: one line per step, and the import
 * job's processed/total each time it moves. Plain text, one line each, so a log file or a CI
 * console reads the same as a terminal (no cursor tricks, no colours).
 */
import type { PushEvent } from '../../services/usecases';

const n = (value: number) => value.toLocaleString('en-US');

const STEP: Record<string, string> = {
  'import.create': 'creating the import',
  'import.parser': "reading the service's parse",
  'import.act': 'starting the import action',
  'import.poll': 'waiting for the import action',
  'import.refresh': "refreshing the event's imports",
};

const stepOf = (kind: string) => STEP[kind] ?? kind;
const capitalised = (text: string) => `${text[0].toUpperCase()}${text.slice(1)}`;

function lineOf(event: PushEvent): string | null {
  switch (event.type) {
    case 'step-started':
      return `${capitalised(stepOf(event.kind))}…`;
    case 'import-created':
      return event.adopted ? `Import ${event.importId} found on the service (an earlier attempt had created it).` : `Import ${event.importId} created.`;
    case 'parse-compared':
      return event.disagreements === 0
        ? 'The service parsed every row as the offline check did.'
        : `The service parsed ${n(event.disagreements)} field${event.disagreements === 1 ? '' : 's'} differently from the offline check.`;
    case 'action-started':
      return event.adopted ? `Import action ${event.actionId} found on the service.` : `Import action ${event.actionId} started.`;
    case 'action-ended':
      return `Import action ${event.actionId} ${event.status}.`;
    case 'action-progress':
      return event.total !== null && event.processed !== null
        ? `Import action: ${event.status}, ${n(event.processed)} of ${n(event.total)} participants written.`
        : `Import action: ${event.status}.`;
    case 'change-sent':
      return `${event.kind} ${event.entityKey} sent.`;
    case 'retrying':
      return `While ${stepOf(event.kind)}: ${event.error ?? 'it failed'} Trying again in ${Math.round(event.inMs / 100) / 10} s.`;
    case 'refused':
      return `Refused while ${stepOf(event.kind)}: ${event.error ?? ''}`.trim();
    case 'paused':
      return `Paused: ${event.error ?? 'the service refused the token.'}`;
    default:
      return null;
  }
}

/** An event sink writing lines through `write`; a repeated progress line is skipped. */
export function progressPrinter(write: (line: string) => void): (event: PushEvent) => void {
  let lastProgress = '';
  return (event) => {
    const line = lineOf(event);
    if (line === null) return;
    if (event.type === 'action-progress') {
      if (line === lastProgress) return;
      lastProgress = line;
    }
    write(line);
  };
}
