/**
 * Suggested fixes turned down in a draft (migration 011), each keyed by the row's position,
 * the field, the kind of fix and the value it was offered for.
 *
 * - `rejectSuggestions(db, draftId, keys, at?)`: remembers them (again is a no-op).
 * - `rejectedSuggestions(db, draftId)` → the set of `rejectionKey`s, read in one query.
 * - `restoreSuggestions(db, draftId)` → how many it forgets: every one of the draft's.
 */
import type { MirrorDb } from '../../db';
import { stmt } from '../statements';

export interface RejectionKey {
  position: number;
  field: string;
  kind: string;
  value: string;
}

export const rejectionKey = (key: RejectionKey) => `${key.position}\u0000${key.field}\u0000${key.kind}\u0000${key.value}`;

export function rejectSuggestions(db: MirrorDb, draftId: number, keys: readonly RejectionKey[], at = Date.now()): void {
  const insert = stmt(db, 'INSERT OR IGNORE INTO draft_suggestion_rejections (draft_id, position, field, kind, value, rejected_at) VALUES (?, ?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const key of keys) insert.run(draftId, key.position, key.field, key.kind, key.value, at);
  })();
}

export function rejectedSuggestions(db: MirrorDb, draftId: number): Set<string> {
  const rows = stmt(db, 'SELECT position, field, kind, value FROM draft_suggestion_rejections WHERE draft_id = ?').all(draftId) as RejectionKey[];
  return new Set(rows.map(rejectionKey));
}

export function restoreSuggestions(db: MirrorDb, draftId: number): number {
  return stmt(db, 'DELETE FROM draft_suggestion_rejections WHERE draft_id = ?').run(draftId).changes;
}
