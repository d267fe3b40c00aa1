/**
 * Subject queries the sync flows need beyond the mirror's own subject modules (which they
 * build on rather than change):
 *
 * - `knownSubjects(db, remoteIds)` → Map remote id → { localId, state, lockVersion }: what a
 *   pulled page already has in the mirror, in one query (to count new and changed records and
 *   to find the ones with local changes whose parked version must be merged).
 * - `subjectsUnseenSince(db, at)` → subjects with a remote id (any state but `created`) that
 *   a complete pull started at `at` did not see: gone from the service, or skipped because
 *   the service's pages shifted while they were read. The pull asks about them again.
 * - `markSubjectGone(db, localId)`: the service deleted a subject that has local changes.
 *   It becomes `conflict` with no parked version (`pulled` NULL): that pair means "deleted on
 *   the service" (`isGoneOnService`), so nothing the person changed is dropped silently.
 * - `reviveSubject(db, localId, at?)`: the person keeps such a subject: it becomes `created`
 *   again (no remote id, no base) so a new create op sends it; its household is detached
 *   from the service's when no other mirrored member still has it there.
 * - `householdMembers(db, householdLocalId)` → local ids of the household's subjects.
 * - `keepRemoteId(db, localId, remoteId)`: a subject deleted here whose create's answer could
 *   not be merged (a conflict, which writes nothing) still learns the service's id, so its
 *   destroy op deletes it there instead of taking it for one the service never had.
 */
import type { MirrorDb } from '../../db';
import { stmt } from '../statements';
import type { MirrorSubject } from './subjects';
import type { SubjectState } from './subject-row';

export interface KnownSubject {
  localId: number;
  state: SubjectState;
  lockVersion: number | null;
}

export function knownSubjects(db: MirrorDb, remoteIds: readonly number[]): Map<number, KnownSubject> {
  const known = new Map<number, KnownSubject>();
  if (remoteIds.length === 0) return known;
  // One JSON parameter instead of 1,000 placeholders; the remote_id index answers each.
  const rows = stmt(db, 'SELECT remote_id, local_id, state, lock_version FROM subjects WHERE remote_id IN (SELECT value FROM json_each(?))').raw().all(
    `[${remoteIds.join(',')}]`,
  ) as [number, number, SubjectState, number | null][];
  for (const [remoteId, localId, state, lockVersion] of rows) known.set(remoteId, { localId, state, lockVersion });
  return known;
}

export interface UnseenSubject {
  localId: number;
  remoteId: number;
  state: SubjectState;
}

export function subjectsUnseenSince(db: MirrorDb, at: number): UnseenSubject[] {
  return stmt(
    db,
    `SELECT local_id AS localId, remote_id AS remoteId, state FROM subjects
      WHERE remote_id IS NOT NULL AND state <> 'created' AND (pulled_at IS NULL OR pulled_at < ?) ORDER BY remote_id`,
  ).all(at) as UnseenSubject[];
}

export function markSubjectGone(db: MirrorDb, localId: number): void {
  stmt(db, "UPDATE subjects SET state = 'conflict', pulled = NULL WHERE local_id = ? AND state <> 'destroyed'").run(localId);
}

export function isGoneOnService(subject: Pick<MirrorSubject, 'state' | 'pulled'>): boolean {
  return subject.state === 'conflict' && subject.pulled === null;
}

export function reviveSubject(db: MirrorDb, localId: number, at: number = Date.now()): void {
  db.transaction(() => {
    const row = stmt(db, 'SELECT household_local_id AS household FROM subjects WHERE local_id = ?').get(localId) as { household: number } | undefined;
    if (!row) return;
    stmt(
      db,
      "UPDATE subjects SET remote_id = NULL, lock_version = NULL, remote_created_at = NULL, remote_updated_at = NULL, base = NULL, pulled = NULL, state = 'created', changed_at = ? WHERE local_id = ?",
    ).run(at, localId);
    // The service deletes a household its last subject leaves; keep the address, not the id.
    const othersOnService = stmt(db, 'SELECT count(*) FROM subjects WHERE household_local_id = ? AND local_id <> ? AND remote_id IS NOT NULL').pluck().get(row.household, localId) as number;
    if (othersOnService === 0) stmt(db, 'UPDATE households SET remote_id = NULL, base = NULL WHERE local_id = ?').run(row.household);
  })();
}

export function householdMembers(db: MirrorDb, householdLocalId: number): number[] {
  return stmt(db, 'SELECT local_id FROM subjects WHERE household_local_id = ? ORDER BY local_id').pluck().all(householdLocalId) as number[];
}

export function keepRemoteId(db: MirrorDb, localId: number, remoteId: number): void {
  stmt(db, "UPDATE subjects SET remote_id = ? WHERE local_id = ? AND state = 'destroyed' AND remote_id IS NULL").run(remoteId, localId);
}
