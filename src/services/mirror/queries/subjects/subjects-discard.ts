/**
 * Giving up a subject's offline changes: the mirror goes back to what the service has, as
 * far as this computer knows it.
 *
 * - `discardSubjectChanges(db, localId)` → 'removed' (created here, never on the service: the
 *   row goes, and its new household if nobody else is in it) or 'reverted' (edited, moved or
 *   destroyed here: the fields and household are the version last pulled again, or the newer
 *   version a pull parked meanwhile). Household fields edited here go back too, unless
 *   another member of that household still has changes waiting, whose push carries them.
 *   The caller drops the subject's outbox ops in the same transaction.
 */
import type { MirrorDb } from '../../db';
import { dropEmptyHouseholds, householdByLocalId, householdByRemoteId, writeHousehold } from './households';
import { stmt } from '../statements';
import { forgetSubject, subjectByLocalId } from './subjects';
import { upsertPulledSubjects } from './subjects-pull';
import { SubjectChangeError } from './subjects-local';
import { fieldParams, SUBJECT_FIELDS } from './subject-row';

export type DiscardOutcome = 'removed' | 'reverted';

/** Whether another member of the household has changes of its own waiting. */
function othersChanged(db: MirrorDb, householdLocalId: number, localId: number): boolean {
  return stmt(db, "SELECT 1 FROM subjects WHERE household_local_id = ? AND local_id <> ? AND state <> 'synced' LIMIT 1").pluck().get(householdLocalId, localId) !== undefined;
}

function restoreHousehold(db: MirrorDb, householdLocalId: number, localId: number): void {
  const household = householdByLocalId(db, householdLocalId);
  if (!household || household.remoteId === null || othersChanged(db, householdLocalId, localId)) return;
  if (household.base) writeHousehold(db, householdLocalId, household.base, null);
}

export function discardSubjectChanges(db: MirrorDb, localId: number): DiscardOutcome {
  return db.transaction((): DiscardOutcome => {
    const subject = subjectByLocalId(db, localId);
    if (!subject) throw new SubjectChangeError(`Subject ${localId} is not in the mirror.`);
    if (subject.state === 'synced') throw new SubjectChangeError('This subject has no offline changes to discard.');
    if (subject.remoteId === null) {
      forgetSubject(db, localId);
      dropEmptyHouseholds(db);
      return 'removed';
    }
    // The service has it, but no pulled version is here to go back to: a pull must come first.
    if (subject.base === null) throw new SubjectChangeError('This subject is on the service already and no version of it was fetched here; pull first, then discard.');
    const base = subject.base;
    const before = subject.householdLocalId;
    const home = base.household_id === null ? null : householdByRemoteId(db, base.household_id);
    const target = home?.localId ?? before;
    stmt(
      db,
      `UPDATE subjects SET ${SUBJECT_FIELDS.map((f) => `${f} = ?`).join(', ')}, household_local_id = ?, lock_version = ?, remote_updated_at = ?,
         base = NULL, pulled = NULL, state = 'synced', changed_at = NULL WHERE local_id = ?`,
    ).run(...fieldParams(base.fields), target, base.lock_version, base.updated_at, localId);
    for (const household of new Set([before, target])) restoreHousehold(db, household, localId);
    // A newer version the service sent while the changes waited is what it has now.
    if (subject.pulled) upsertPulledSubjects(db, [subject.pulled]);
    dropEmptyHouseholds(db);
    return 'reverted';
  })();
}
