/**
 * Writes pulled search pages into the mirror, fast: one transaction per call, prepared
 * statements, and no JSON copy of synced records (see 004_subjects.ts).
 *
 * `upsertPulledSubjects(db, records, at?)` → { written, deferred }:
 * - a subject new to the mirror, or synced, becomes exactly the pulled version;
 * - a subject with local changes (any other state) keeps its columns and base; the pulled
 *   version goes to `pulled` for the sync flow to merge (subjects-rebase.ts), so nothing
 *   the person did offline is overwritten;
 * - its household is written the same way (kept when it has local changes);
 * - `pulled_at` is stamped, so `subjectsNotPulledSince` finds what a complete pull missed.
 * Call it once per page (up to a few thousand records); each call is atomic. For a large
 * pull, wrap the pages in `beginBulkLoad` / `endBulkLoad` (bulk-load.ts).
 */
import type { Subject } from '../../../../core/contract/subjects';
import type { MirrorDb } from '../../db';
import { indexWrittenRows, isIndexPaused, pauseIndex, resumeIndex } from './search-index';
import { stmt } from '../statements';
import { HOUSEHOLD_FIELDS, recordParams, SUBJECT_FIELDS } from './subject-row';

const HOUSEHOLD_UPSERT = `INSERT INTO households (remote_id, ${HOUSEHOLD_FIELDS.join(', ')}, pulled_at) VALUES (?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT(remote_id) DO UPDATE SET ${HOUSEHOLD_FIELDS.map((f) => `${f} = iif(households.base IS NULL, excluded.${f}, households.${f})`).join(', ')},
    pulled_at = excluded.pulled_at
  RETURNING local_id`;

const REMOTE_COLUMNS = ['household_local_id', ...SUBJECT_FIELDS, 'lock_version', 'remote_created_at', 'remote_updated_at', 'participation_dates', 'pulled_at'];
const SUBJECT_UPSERT = `INSERT INTO subjects (remote_id, ${REMOTE_COLUMNS.join(', ')}, state)
  VALUES (?, ${REMOTE_COLUMNS.map(() => '?').join(', ')}, 'synced')
  ON CONFLICT(remote_id) DO UPDATE SET ${REMOTE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}
  WHERE subjects.state = 'synced'
  RETURNING local_id`;

const MIRRORED = 'SELECT remote_id, local_id FROM subjects WHERE remote_id IN (SELECT value FROM json_each(?))';

const DEFER = 'UPDATE subjects SET pulled = ?, pulled_at = ? WHERE remote_id = ?';

export interface PullWrite {
  /** Subjects now exactly as pulled. */
  written: number;
  /** Subjects with local changes whose pulled version waits in `pulled`. */
  deferred: number;
}

export function upsertPulledSubjects(db: MirrorDb, records: readonly Subject[], at: number = Date.now()): PullWrite {
  const household = stmt(db, HOUSEHOLD_UPSERT);
  const subject = stmt(db, SUBJECT_UPSERT);
  const defer = stmt(db, DEFER);
  return db.transaction(() => {
    // The search index is written for the whole page at the end (search-index.ts), or by
    // a bulk load once it ends.
    const bulk = isIndexPaused(db, 'bulk');
    if (!bulk) pauseIndex(db, 'page');
    const mirrored = new Set((stmt(db, MIRRORED).raw().all(JSON.stringify(records.map((r) => r.id))) as [number, number][]).map(([remote]) => remote));
    const changed: number[] = [];
    const fresh: number[] = [];
    // Members of one household usually arrive on the same page: write it once.
    const households = new Map<number, number>();
    let written = 0;
    let deferred = 0;
    for (const record of records) {
      const h = record.household;
      const householdId = h?.id ?? record.household_id;
      let localHousehold = households.get(householdId);
      if (localHousehold === undefined) {
        const row = household.get(householdId, h?.address ?? null, h?.city ?? null, h?.country ?? null, h?.state ?? null, h?.zip ?? null, at) as { local_id: number };
        localHousehold = row.local_id;
        households.set(householdId, localHousehold);
      }
      const row = subject.get(record.id, localHousehold, ...recordParams(record), record.lock_version ?? 0, record.created_at ?? null, record.updated_at ?? null, JSON.stringify(record.participation_dates ?? []), at) as
        | { local_id: number }
        | undefined;
      if (row) {
        written++;
        (mirrored.has(record.id) ? changed : fresh).push(row.local_id);
      } else {
        // The row exists with local changes: keep them, park the service's version.
        defer.run(JSON.stringify(record), at, record.id);
        deferred++;
      }
    }
    if (!bulk) {
      indexWrittenRows(db, changed, fresh);
      resumeIndex(db, 'page');
    }
    return { written, deferred };
  })();
}
