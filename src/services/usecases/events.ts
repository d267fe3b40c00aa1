/**
 * What a running sync says while it works, as typed events: the faces turn them into words
 * (progress lines in a terminal, a progress bar in the app). They are derived from the
 * outbox runner's persisted transitions, so they report only what really happened.
 */
import type { TransitionEvent } from '../sync/runner';

export type SyncEvent =
  /** A step that may take a while began (creating the import, starting its action). */
  | { type: 'step-started'; kind: string }
  | { type: 'import-created'; importId: number | null; adopted: boolean }
  | { type: 'parse-compared'; disagreements: number }
  | { type: 'action-started'; actionId: number | null; adopted: boolean }
  | { type: 'action-progress'; status: string; processed: number | null; total: number | null }
  | { type: 'action-ended'; actionId: number | null; status: string }
  | { type: 'imports-refreshed' }
  /** Any other change (a subject's create, update or removal) reached the service. */
  | { type: 'change-sent'; kind: string; entityKey: string }
  | { type: 'retrying'; kind: string; error: string | null; inMs: number }
  | { type: 'refused'; kind: string; error: string | null }
  | { type: 'paused'; error: string | null };

/** Events of a push besides the sync's own: reading the file, and which draft is pushed. */
export type PushEvent =
  | SyncEvent
  | { type: 'reading'; fraction: number }
  | { type: 'push-started'; draftId: number; participants: number }
  | { type: 'push-continued'; draftId: number }
  /**
   * The sheet holds demographic values the event's known catalog lacks (`Category: value`).
   * `added` says whether the push adds them to the event (only when asked to) or leaves
   * them out, so a typo never silently becomes a new demographic.
   */
  | { type: 'unknown-demographics'; values: string[]; added: boolean };

export type EventSink<E> = (event: E) => void;

const SHOWN_STEPS = new Set(['import.create', 'import.act']);

function completed(event: TransitionEvent): SyncEvent {
  const { op } = event;
  const result = (op.result ?? {}) as Record<string, unknown>;
  switch (op.kind) {
    case 'import.create':
      return { type: 'import-created', importId: op.remoteRef, adopted: result.adopted === true };
    case 'import.parser':
      return { type: 'parse-compared', disagreements: Number(result.disagreements ?? 0) };
    case 'import.act':
      return { type: 'action-started', actionId: op.remoteRef, adopted: result.adopted === true };
    case 'import.poll':
      return { type: 'action-ended', actionId: op.remoteRef, status: String(result.status) };
    case 'import.refresh':
      return { type: 'imports-refreshed' };
    default:
      return { type: 'change-sent', kind: op.kind, entityKey: String(op.entityKey) };
  }
}

/** The poll's note is "status processed/total" (services/sync/imports/poll.ts). */
function progressOf(note: string | undefined): SyncEvent {
  const [status, progress] = (note ?? '').split(' ');
  const [processed, total] = (progress ?? '').split('/').map(Number);
  const known = Number.isFinite(total) && total > 0;
  return { type: 'action-progress', status, processed: known ? processed : null, total: known ? total : null };
}

/** The event a transition means for a person, or null when it means nothing to them. */
export function syncEventOf(event: TransitionEvent): SyncEvent | null {
  const { op } = event;
  switch (event.type) {
    case 'claimed':
      return SHOWN_STEPS.has(op.kind) ? { type: 'step-started', kind: op.kind } : null;
    case 'completed':
      return completed(event);
    case 'waiting':
      return progressOf(event.note);
    case 'retry_scheduled':
      return { type: 'retrying', kind: op.kind, error: event.error ?? null, inMs: Math.max(0, op.nextAttemptAt - event.at) };
    case 'rejected':
      return { type: 'refused', kind: op.kind, error: event.error ?? null };
    case 'paused':
      return { type: 'paused', error: event.error ?? null };
    default:
      return null;
  }
}
