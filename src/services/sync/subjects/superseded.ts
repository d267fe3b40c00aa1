/**
 * A subject change the service refused for what it carried (a 422: a location the company
 * does not have) is over once a later change of the same subject has reached the service
 * carrying everything it carried. Left as refused, it would stay in the sync panel as failed
 * although the subject is synced, until the person retried it (which sends nothing then) or
 * discarded it.
 *
 * Whether the later change carried it: an update op stores no diff. Each attempt sends what
 * differs from the version last pulled when it runs (pendingChanges → updateBody), so a later
 * update the service took sent every field still changed here, with the value the person
 * holds now; a field of the refused change it did not send had been set back to the
 * service's value. Either way the service then holds what the person wants for that field,
 * which is what "not waiting" below checks, after the answer is written. What the refused op
 * carried is what its attempts noted before sending (own-values.ts). A field of it still
 * waiting (changed again while the later change was on its way) is not through: the refused
 * op stays until the update queued for that field goes through too. An op refused before it
 * sent anything noted nothing, so it is over only when nothing of the subject waits.
 *
 * `settleSupersededRefusals(db, op, at)`: call inside the transaction that completes `op` (an
 * update of the subject the service took, or that found nothing left to send), after its
 * answer is written, so the refused ops end with it or not at all. Answers how many ended.
 */
import type { MirrorDb } from '../../mirror/open';
import { opsOfEntity, settle, type OutboxOp } from '../../mirror/queries/outbox/outbox';
import { subjectByLocalId } from '../../mirror/queries/subjects/subjects';
import { pendingChanges } from '../../mirror/queries/subjects/subjects-local';
import { SUBJECT_ENTITY, SUBJECT_OPS, type SubjectOpPayload } from './fields';
import { readSentNote } from './own-values';

/** The fields of a subject still to be sent, named as a sent note names them. */
function waitingFields(db: MirrorDb, localId: number): Set<string> {
  const changes = pendingChanges(db, localId);
  if (!changes) return new Set();
  const household = Object.keys(changes.household).map((field) => `household.${field}`);
  return new Set([...Object.keys(changes.fields), ...household, ...(changes.movedTo ? ['household_id'] : [])]);
}

export function settleSupersededRefusals(db: MirrorDb, op: OutboxOp<SubjectOpPayload>, at: number): number {
  const { localId } = op.payload;
  const subject = subjectByLocalId(db, localId);
  // In conflict, or deleted here: nothing was settled with the service for this subject.
  if (subject?.state !== 'synced' && subject?.state !== 'updated') return 0;
  const waiting = subject.state === 'synced' ? new Set<string>() : waitingFields(db, localId);
  let ended = 0;
  for (const refused of opsOfEntity(db, SUBJECT_ENTITY, localId)) {
    // Only older ops: a later change can carry only what was asked before it was sent.
    if (refused.id >= op.id || refused.kind !== SUBJECT_OPS.update || refused.state !== 'rejected') continue;
    const carried = Object.keys(readSentNote(refused.result).sentValues);
    const through = carried.length > 0 ? carried.every((field) => !waiting.has(field)) : waiting.size === 0;
    if (!through) continue;
    settle(db, refused.id, { settled: 'sent by a later change', by: op.id }, at);
    ended++;
  }
  return ended;
}
