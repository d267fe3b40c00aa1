/**
 * Small facts about syncing as a whole, as key/value text: when the service last accepted
 * a change (`last_sync_at`, ms), and why the queue is paused (`paused_reason`, a code such
 * as 'unauthorized', with `paused_message`, a sentence for a person).
 *
 * - `getSyncState` / `setSyncState(db, key, value | null)` (null deletes).
 * - `lastSyncAt`, `markSynced(db, at)`, `pausedState`, `pause(db, reason, message)`, `resume`.
 */
import type { MirrorDb } from '../../db';
import { stmt } from '../statements';

export function getSyncState(db: MirrorDb, key: string): string | null {
  return (stmt(db, 'SELECT value FROM sync_state WHERE key = ?').pluck().get(key) as string | undefined) ?? null;
}

export function setSyncState(db: MirrorDb, key: string, value: string | null): void {
  if (value === null) stmt(db, 'DELETE FROM sync_state WHERE key = ?').run(key);
  else stmt(db, 'INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}

export function lastSyncAt(db: MirrorDb): number | null {
  const value = getSyncState(db, 'last_sync_at');
  return value === null ? null : Number(value);
}

export function markSynced(db: MirrorDb, at: number = Date.now()): void {
  setSyncState(db, 'last_sync_at', String(at));
}

const DEFAULT_MESSAGES: Record<string, string> = {
  unauthorized: 'The service no longer accepts the token; give a new one to resume syncing.',
};

export interface Paused {
  reason: string;
  message: string;
}

export function pausedState(db: MirrorDb): Paused | null {
  const reason = getSyncState(db, 'paused_reason');
  if (reason === null) return null;
  return { reason, message: getSyncState(db, 'paused_message') ?? DEFAULT_MESSAGES[reason] ?? `Syncing is paused (${reason}).` };
}

export function pause(db: MirrorDb, reason: string, message?: string): void {
  db.transaction(() => {
    setSyncState(db, 'paused_reason', reason);
    setSyncState(db, 'paused_message', message ?? DEFAULT_MESSAGES[reason] ?? null);
  })();
}

export function resume(db: MirrorDb): void {
  db.transaction(() => {
    setSyncState(db, 'paused_reason', null);
    setSyncState(db, 'paused_message', null);
  })();
}
