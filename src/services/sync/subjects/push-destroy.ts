/**
 * `subject.destroy`: DELETE the subject on the service, then forget it here. A 404 means it
 * is already gone (deleted there, or an earlier attempt's answer was lost): done as well.
 * A subject the service never had (its create found nothing to send) is just forgotten.
 * The delete carries no lock_version (the interface has none for DELETE): deleting is a
 * decision about the person, not about a field, so it does not wait on field changes.
 * It does wait for a member being created into the subject's household when no other member
 * is on the service yet: the service deletes a household its last member leaves, and that
 * create joins the household by id, so it would be refused.
 */
import type { MirrorDb } from '../../mirror/open';
import { opsOfEntity, type OutboxOp } from '../../mirror/queries/outbox/outbox';
import { forgetSubject, subjectByLocalId, type MirrorSubject } from '../../mirror/queries/subjects/subjects';
import { householdMembers } from '../../mirror/queries/subjects/subjects-sync';
import { isRemoteError } from '../../remote/errors';
import { destroySubject } from '../../remote/subjects';
import type { OpHandler } from '../types';
import { SUBJECT_ENTITY, SUBJECT_OPS, type SubjectOpPayload } from './fields';

/** How long a delete waits before looking again at the create joining its household. */
const JOIN_WAIT_MS = 500;

/** A create still to run that joins `subject`'s household, while no other member is there. */
function joiningCreate(db: MirrorDb, subject: MirrorSubject): OutboxOp | null {
  const others = householdMembers(db, subject.householdLocalId)
    .filter((id) => id !== subject.localId)
    .map((id) => subjectByLocalId(db, id))
    .filter((member) => member !== null && member.state !== 'destroyed') as MirrorSubject[];
  if (others.some((member) => member.remoteId !== null)) return null;
  for (const member of others) {
    const create = opsOfEntity(db, SUBJECT_ENTITY, member.localId).find((o) => o.kind === SUBJECT_OPS.create && (o.state === 'pending' || o.state === 'in_flight'));
    if (create) return create;
  }
  return null;
}

export const pushDestroy: OpHandler = async (op: OutboxOp<SubjectOpPayload>, ctx) => {
  const { localId } = op.payload;
  const subject = subjectByLocalId(ctx.db, localId);
  if (!subject) return { type: 'done', result: { skipped: 'the subject is no longer in the mirror' } };
  const forget = (tx: typeof ctx.db) => void forgetSubject(tx, localId);
  if (subject.remoteId === null) return { type: 'done', result: { skipped: 'the service never had it' }, apply: forget };
  const joining = joiningCreate(ctx.db, subject);
  if (joining) return { type: 'wait', at: ctx.now() + JOIN_WAIT_MS, note: `waits for operation ${joining.id}, which adds a member to its household` };
  let already = false;
  try {
    await destroySubject(ctx.remote, subject.remoteId, { signal: ctx.signal });
  } catch (error) {
    if (!isRemoteError(error) || error.kind !== 'not_found') throw error;
    already = true;
  }
  return { type: 'done', remoteRef: subject.remoteId, result: { subject_id: subject.remoteId, already_gone: already }, apply: forget };
};
