/**
 * Progress lines on stderr while the outbox runs: one line per state change of an op, and
 * the import job's processed/total each time it moves. Plain text, one line each, so a log
 * file or a CI console reads the same as a terminal (no cursor tricks, no colours).
 */
import type { TransitionEvent } from '../../services/sync/runner';

const n = (value: number) => value.toLocaleString('en-US');

const STEP: Record<string, string> = {
  'import.create': 'creating the import',
  'import.parser': "reading the service's parse",
  'import.act': 'starting the import action',
  'import.poll': 'waiting for the import action',
  'import.refresh': "refreshing the event's imports",
};

const stepOf = (kind: string) => STEP[kind] ?? kind;

function completedLine(event: TransitionEvent): string | null {
  const { op } = event;
  const result = (op.result ?? {}) as Record<string, unknown>;
  switch (op.kind) {
    case 'import.create':
      return result.adopted
        ? `Import ${op.remoteRef} found on the service (an earlier attempt had created it).`
        : `Import ${op.remoteRef} created.`;
    case 'import.parser': {
      const count = Number(result.disagreements ?? 0);
      return count === 0 ? 'The service parsed every row as the offline check did.' : `The service parsed ${n(count)} field${count === 1 ? '' : 's'} differently from the offline check.`;
    }
    case 'import.act':
      return result.adopted ? `Import action ${op.remoteRef} found on the service.` : `Import action ${op.remoteRef} started.`;
    case 'import.poll':
      return `Import action ${op.remoteRef} ${String(result.status)}.`;
    case 'import.refresh':
      return null;
    default:
      return `${op.kind} ${op.entityKey} sent.`;
  }
}

/** A transition observer writing lines through `write`; repeats of one poll note are skipped. */
export function progressPrinter(write: (line: string) => void, only?: (event: TransitionEvent) => boolean): (event: TransitionEvent) => void {
  let lastNote = '';
  return (event) => {
    if (only && !only(event)) return;
    const { op } = event;
    switch (event.type) {
      case 'claimed':
        if (op.kind === 'import.create' || op.kind === 'import.act') write(`${stepOf(op.kind)[0].toUpperCase()}${stepOf(op.kind).slice(1)}…`);
        return;
      case 'completed': {
        const line = completedLine(event);
        if (line) write(line);
        return;
      }
      case 'waiting': {
        const [status, progress] = (event.note ?? '').split(' ');
        const [done, total] = (progress ?? '').split('/').map(Number);
        const note = Number.isFinite(total) && total > 0 ? `Import action: ${status}, ${n(done)} of ${n(total)} participants written.` : `Import action: ${status}.`;
        if (note !== lastNote) write(note);
        lastNote = note;
        return;
      }
      case 'retry_scheduled': {
        const seconds = Math.max(0, Math.round((op.nextAttemptAt - event.at) / 100) / 10);
        write(`While ${stepOf(op.kind)}: ${event.error ?? 'it failed'} Trying again in ${seconds} s.`);
        return;
      }
      case 'rejected':
        write(`Refused while ${stepOf(op.kind)}: ${event.error ?? ''}`.trim());
        return;
      case 'paused':
        write(`Paused: ${event.error ?? 'the service refused the token.'}`);
        return;
      default:
        return;
    }
  };
}
