/**
 * Household fields changed through a subject that was then deleted here. The household is
 * shared: the members who stay keep it, with those values, in the mirror. So the deleted
 * subject's update op still sends them — the household fields only, nothing of the person —
 * through the subject while the service has it (its destroy op follows, FIFO), else through
 * another member the service has. No lock_version goes with it: one member's version does
 * not guard the household's fields (another member's change to them does not move it).
 */
import type { MirrorSubject } from '../../mirror/queries/subjects/subjects';
import { subjectByLocalId } from '../../mirror/queries/subjects/subjects';
import { householdByLocalId } from '../../mirror/queries/subjects/households';
import { rebaseSubject } from '../../mirror/queries/subjects/subjects-rebase';
import { householdMembers } from '../../mirror/queries/subjects/subjects-sync';
import { HOUSEHOLD_FIELDS } from '../../mirror/queries/subjects/subject-row';
import { isRemoteError } from '../../remote/errors';
import { updateSubject } from '../../remote/subjects';
import type { OpOutcome, SyncContext } from '../types';

/** Sends the household changes a deleted subject leaves behind; null when there are none. */
export async function pushLeftHousehold(subject: MirrorSubject, ctx: SyncContext): Promise<OpOutcome | null> {
  const { db } = ctx;
  const household = householdByLocalId(db, subject.householdLocalId);
  if (!household || household.remoteId === null || household.base === null) return null;
  const changed = HOUSEHOLD_FIELDS.filter((f) => household.fields[f] !== household.base![f]);
  const staying = householdMembers(db, household.localId)
    .filter((id) => id !== subject.localId)
    .map((id) => subjectByLocalId(db, id)!)
    .filter((member) => member.state !== 'destroyed');
  const carrier = subject.remoteId !== null ? subject : staying.find((member) => member.remoteId !== null && (member.state === 'synced' || member.state === 'updated'));
  if (changed.length === 0 || staying.length === 0 || !carrier) return null;
  const values = Object.fromEntries(changed.map((f) => [f, household.fields[f]]));
  try {
    const answer = await updateSubject(ctx.remote, carrier.remoteId!, { household: values }, { signal: ctx.signal });
    const sent = Object.fromEntries(changed.map((f) => [`household.${f}`, household.fields[f]]));
    return { type: 'done', remoteRef: answer.id, result: { household_only: true, lock_version: answer.lock_version }, apply: (tx) => void rebaseSubject(tx, carrier.localId, answer, { sent }) };
  } catch (error) {
    // Deleted on the service meanwhile: its destroy op finds it gone, and nothing is left to send.
    if (isRemoteError(error) && error.kind === 'not_found') return { type: 'done', result: { skipped: 'deleted on the service' } };
    throw error;
  }
}
