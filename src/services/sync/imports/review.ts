/**
 * A push from the app stops after the service's parse when it reads rows differently from
 * the offline parse, until the person has looked: they send it anyway, or go back to the
 * list to fix it. The state lives in sync_state (`import_review:<draft id>`), so it
 * survives a restart, and the parser op is held (outbox-queue.ts HELD: no timer, no "Sync now"
 * wakes it) while it is `asked`. A new push of the draft starts with no review state.
 *
 * - `reviewOf(db, draftId)`: null, 'asked' (waiting for the person) or 'approved'.
 * - `askReview`, `approveReview`, `clearReview`.
 */
import type { MirrorDb } from '../../mirror/open';
import { getSyncState, setSyncState } from '../../mirror/queries/outbox/sync-state';

export type ReviewState = 'asked' | 'approved';


const key = (draftId: number) => `import_review:${draftId}`;

export function reviewOf(db: MirrorDb, draftId: number): ReviewState | null {
  const value = getSyncState(db, key(draftId));
  return value === 'asked' || value === 'approved' ? value : null;
}

export function askReview(db: MirrorDb, draftId: number): void {
  setSyncState(db, key(draftId), 'asked');
}

export function approveReview(db: MirrorDb, draftId: number): void {
  setSyncState(db, key(draftId), 'approved');
}

export function clearReview(db: MirrorDb, draftId: number): void {
  setSyncState(db, key(draftId), null);
}
