/**
 * `subject.update`: PATCH what differs from the version last pulled, with that version's
 * lock_version, so the service refuses it (409) if the subject changed there meanwhile.
 *
 * On 409 the handler reads the service's current version and merges three ways (base, local,
 * service; mirror/merge.ts). Fields only the person changed are sent again against the new
 * lock_version; fields only the service changed are taken. A field both changed to different
 * values makes the subject `conflict` and rejects the op with a sentence naming the fields:
 * nothing is overwritten on either side until the person chooses (resolve.ts).
 * A repeated PATCH whose first answer was lost meets the same 409, and the merge then finds
 * the service already holds the sent values, so nothing is sent twice. Each attempt notes the
 * values it sends on the op before sending (own-values.ts): a field the service holds at a
 * value we sent is our own change, not the service's, so an edit made here after the lost
 * answer is sent again instead of being shown as a conflict with itself.
 * 404: the service deleted the subject; it is marked (conflict, "deleted on the service") and
 * the op rejected, keeping the person's changes. A subject deleted here sends nothing but the
 * household fields changed through it (push-household.ts).
 * Once an update is through, the subject's earlier updates the service refused are over when
 * it carried all they carried (superseded.ts), in the same transaction as its own end.
 */
import type { Subject } from '../../../core/contract/subjects';
import type { MirrorDb } from '../../mirror/open';
import type { OutboxOp } from '../../mirror/queries/outbox/outbox';
import { subjectByLocalId, type MirrorSubject } from '../../mirror/queries/subjects/subjects';
import { pendingChanges } from '../../mirror/queries/subjects/subjects-local';
import { rebaseSubject } from '../../mirror/queries/subjects/subjects-rebase';
import { isGoneOnService, markSubjectGone } from '../../mirror/queries/subjects/subjects-sync';
import { isRemoteError, unlessGone } from '../../remote/errors';
import { showSubject, updateSubject } from '../../remote/subjects';
import type { OpHandler, OpOutcome, SyncContext } from '../types';
import { conflictFields, conflictSentence, goneSentence } from './conflicts';
import { capitalise, subjectLabel, updateBody, type SubjectOpPayload } from './fields';
import { noteSent, ownValues, readSentNote, takeAnswer } from './own-values';
import { pushLeftHousehold } from './push-household';
import { settleSupersededRefusals } from './superseded';

/** Merge-and-resend rounds before giving the subject a moment (someone keeps editing it). */
const ROUNDS = 3;
const BUSY_WAIT_MS = 2_000;

/** The service deleted it: keep the person's changes, marked, and refuse the op. */
const gone = (subject: MirrorSubject): OpOutcome => ({
  type: 'reject',
  error: goneSentence(subject),
  status: 404,
  apply: (tx) => markSubjectGone(tx, subject.localId),
});

/** The service's current version; null when it no longer has the subject. */
const current = (ctx: SyncContext, remoteId: number): Promise<Subject | null> => unlessGone(showSubject(ctx.remote, remoteId, { signal: ctx.signal }));

/** The op is through: its answer (if any) written, then what it superseded settled, in one transaction. */
const through = (op: OutboxOp<SubjectOpPayload>, ctx: SyncContext, answer?: (tx: MirrorDb) => void) => (tx: MirrorDb) => {
  answer?.(tx);
  settleSupersededRefusals(tx, op, ctx.now());
};

/** Nothing to send, or a reason the op cannot go: answered before any request. */
function settled(subject: MirrorSubject | null, op: OutboxOp<SubjectOpPayload>, ctx: SyncContext): OpOutcome | null {
  const { localId } = op.payload;
  if (!subject || subject.state === 'destroyed') return { type: 'done', result: { skipped: 'nothing left to send' } };
  // The service holds it all already (a pull found it agreeing): what was refused before is over too.
  if (subject.state === 'synced') return { type: 'done', result: { skipped: 'nothing left to send' }, apply: through(op, ctx) };
  if (isGoneOnService(subject)) return { type: 'reject', error: goneSentence(subject), status: 404 };
  if (subject.state === 'conflict') return { type: 'reject', error: conflictSentence(subject, conflictFields(ctx.db, localId)), status: 409 };
  if (subject.remoteId === null) return { type: 'reject', error: `${capitalise(subjectLabel(subject))} is not on the service: its creation did not go through.` };
  return null;
}

export const pushUpdate: OpHandler = async (op: OutboxOp<SubjectOpPayload>, ctx) => {
  const { db } = ctx;
  const { localId } = op.payload;
  const note = readSentNote(op.result);
  const deleted = subjectByLocalId(db, localId);
  if (deleted?.state === 'destroyed') {
    const household = await pushLeftHousehold(deleted, ctx);
    if (household) return household;
  }
  for (let round = 0; round < ROUNDS; round++) {
    const subject = subjectByLocalId(db, localId);
    const early = settled(subject, op, ctx);
    if (early) return early;
    const remoteId = subject!.remoteId!;
    const update = updateBody(pendingChanges(db, localId)!);
    if (!update) {
      // Changed and changed back: the service's version settles the state.
      const record = await current(ctx, remoteId);
      if (!record) return gone(subject!);
      return { type: 'done', remoteRef: remoteId, result: { lock_version: record.lock_version }, apply: through(op, ctx, (tx) => void takeAnswer(tx, op, record, {}, ctx.now())) };
    }
    if (update.body.household?.id === null) return { type: 'reject', error: `${capitalise(subjectLabel(subject!))} was moved to a household the service does not have.` };
    noteSent(ctx, op, note, update.sent);
    try {
      const answer = await updateSubject(ctx.remote, remoteId, update.body, { lockVersion: update.lockVersion, signal: ctx.signal });
      return { type: 'done', remoteRef: remoteId, result: { lock_version: answer.lock_version }, apply: through(op, ctx, (tx) => void takeAnswer(tx, op, answer, update.sent, ctx.now())) };
    } catch (error) {
      if (!isRemoteError(error)) throw error;
      if (error.kind === 'not_found') return gone(subject!);
      if (error.kind !== 'conflict') throw error;
    }
    // 409: the service moved on. Merge its version in; a real conflict stops here.
    const theirs = await current(ctx, remoteId);
    if (!theirs) return gone(subject!);
    // Written now, not in an apply: the merge decides what happens next, and a base that is
    // newer than the op is harmless if the process stops before the op's end is recorded.
    const merged = rebaseSubject(db, localId, theirs, { sent: ownValues(db, subject!, note, theirs) });
    if (merged.conflicts.length > 0) return { type: 'reject', error: conflictSentence(subject!, merged.conflicts), status: 409 };
    if (merged.state === 'synced') return { type: 'done', remoteRef: remoteId, result: { lock_version: theirs.lock_version }, apply: through(op, ctx) };
  }
  return { type: 'wait', at: ctx.now() + BUSY_WAIT_MS, note: 'the subject keeps changing on the service; trying again shortly' };
};
