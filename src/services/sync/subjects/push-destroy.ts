/**
 * `subject.destroy`: DELETE the subject on the service, then forget it here. A 404 means it
 * is already gone (deleted there, or an earlier attempt's answer was lost): done as well.
 * A subject the service never had (its create found nothing to send) is just forgotten.
 * The delete carries no lock_version (the interface has none for DELETE): deleting is a
 * decision about the person, not about a field, so it does not wait on field changes.
 */
import type { OutboxOp } from '../../mirror/queries/outbox';
import { forgetSubject, subjectByLocalId } from '../../mirror/queries/subjects';
import { isRemoteError } from '../../remote/errors';
import { destroySubject } from '../../remote/subjects';
import type { OpHandler } from '../types';
import type { SubjectOpPayload } from './fields';

export const pushDestroy: OpHandler = async (op: OutboxOp<SubjectOpPayload>, ctx) => {
  const { localId } = op.payload;
  const subject = subjectByLocalId(ctx.db, localId);
  if (!subject) return { type: 'done', result: { skipped: 'the subject is no longer in the mirror' } };
  const forget = (tx: typeof ctx.db) => void forgetSubject(tx, localId);
  if (subject.remoteId === null) return { type: 'done', result: { skipped: 'the service never had it' }, apply: forget };
  let already = false;
  try {
    await destroySubject(ctx.remote, subject.remoteId, { signal: ctx.signal });
  } catch (error) {
    if (!isRemoteError(error) || error.kind !== 'not_found') throw error;
    already = true;
  }
  return { type: 'done', remoteRef: subject.remoteId, result: { subject_id: subject.remoteId, already_gone: already }, apply: forget };
};
