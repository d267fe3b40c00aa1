/**
 * `subject.create`: POST the subject, exactly once.
 *
 * A POST whose answer was lost may have created the subject. So when an earlier attempt may
 * have reached the service (`mayHaveRun`), the handler first LOOKS: a search for subjects with
 * the same e-mail (else the same name), created since a day before the op was made (the margin
 * absorbs a wrong clock on either side), newest first; the first with the same first name,
 * last name, e-mail and birth date that no other local create already owns is adopted. Only
 * when nothing is found is the POST sent again (with the op's Idempotency-Key, which a service
 * may or may not honour). The created id is stored on the op (`recordRemoteRef`) before anything
 * else, so an attempt after a crash reads that record instead of searching.
 *
 * The request is fixed by the first attempt that sends it: its body is noted on the op
 * (`noteInFlight`) before the POST, and every later attempt looks for THAT body's person and,
 * finding none, sends that same body again. Edits made after the first attempt (a new e-mail,
 * say) would otherwise make the look miss the record the lost answer made (a duplicate), send
 * a different body under the same Idempotency-Key (refused), or make the adoption take the
 * service's older values over the edits as if they had been sent. They stay local changes
 * instead, for the subject's update op that follows.
 *
 * A pull that ran meanwhile may have mirrored the created record as a separate synced row;
 * adopting it folds that row into the local one. A subject deleted here before the service
 * ever had it is not sent at all.
 */
import type { Subject } from '../../../core/contract/subjects';
import type { MirrorDb } from '../../mirror/open';
import { householdByLocalId } from '../../mirror/queries/subjects/households';
import { opsOfEntity, type OutboxOp } from '../../mirror/queries/outbox/outbox';
import { noteInFlight } from '../../mirror/queries/outbox/outbox-release';
import { remoteRefsOfKind } from '../../mirror/queries/outbox/outbox-refs';
import { forgetSubject, subjectByLocalId, subjectByRemoteId, type MirrorSubject } from '../../mirror/queries/subjects/subjects';
import { householdMembers, markSubjectGone } from '../../mirror/queries/subjects/subjects-sync';
import { unlessGone } from '../../remote/errors';
import { createSubject, searchSubjects, showSubject } from '../../remote/subjects';
import { mayHaveRun, type OpHandler, type SyncContext } from '../types';
import { goneSentence } from './conflicts';
import { takeAnswer } from './own-values';
import { createBody, sameIdentity, SUBJECT_ENTITY, SUBJECT_OPS, type Body, type Identity, type SubjectOpPayload } from './fields';

/** How long a create waits before looking again at the create that makes its household. */
const MAKER_WAIT_MS = 500;

/** How far before the op's creation a candidate may have been made (clock differences). */
export const ADOPTION_MARGIN_MS = 24 * 60 * 60 * 1000;

/** The body the first sending attempt noted (see above); null before any attempt sent one. */
function notedBody(op: OutboxOp<SubjectOpPayload>): Body | null {
  const note = op.result as Partial<Body> | null;
  return note !== null && typeof note === 'object' && typeof note.body === 'object' && typeof note.sent === 'object' ? (note as Body) : null;
}

/** The record an earlier attempt created for the person `identity` names, if the service has it. */
export async function lookForCreated(op: OutboxOp<SubjectOpPayload>, subject: MirrorSubject, ctx: SyncContext, identity: Identity = subject.fields): Promise<Subject | null> {
  const term = identity.email ?? [identity.first_name, identity.last_name].filter(Boolean).join(' ');
  const page = await searchSubjects(
    ctx.remote,
    { search_term: term, include_archived: true, created_after: new Date(op.createdAt - ADOPTION_MARGIN_MS).toISOString(), order_by: 'id', order_dir: 'desc', per: 100 },
    { signal: ctx.signal },
  );
  const owned = remoteRefsOfKind(ctx.db, SUBJECT_OPS.create, op.id);
  for (const candidate of page.subjects) {
    if (!sameIdentity(identity, candidate) || owned.has(candidate.id)) continue;
    // A mirrored record with changes of its own is another local record: never merged silently.
    const holder = subjectByRemoteId(ctx.db, candidate.id);
    if (holder && holder.localId !== subject.localId && holder.state !== 'synced') continue;
    return candidate;
  }
  return null;
}

/** Takes the service's record in as this subject's; a pulled copy of it is folded in. */
function adopt(db: MirrorDb, op: OutboxOp<SubjectOpPayload>, remote: Subject, sent: Record<string, unknown>, at: number): void {
  const { localId } = op.payload;
  const holder = subjectByRemoteId(db, remote.id);
  if (holder && holder.localId !== localId) {
    if (holder.state !== 'synced') throw new Error(`Subject ${holder.localId} holds service record ${remote.id} with changes of its own; subject ${localId} cannot take it.`);
    forgetSubject(db, holder.localId);
  }
  takeAnswer(db, op, remote, sent, at);
}

/** The record an earlier attempt recorded; null when the service deleted it since. */
const knownRecord = (op: OutboxOp<SubjectOpPayload>, ctx: SyncContext): Promise<Subject | null> => unlessGone(showSubject(ctx.remote, op.remoteRef!, { signal: ctx.signal }));

/**
 * Another member's create that will make this subject's household (it only exists here),
 * still to run: this create waits for it, or the service would get two households.
 */
function householdMaker(db: MirrorDb, subject: MirrorSubject, opId: number): OutboxOp | null {
  for (const member of householdMembers(db, subject.householdLocalId)) {
    if (member === subject.localId) continue;
    const maker = opsOfEntity(db, SUBJECT_ENTITY, member).find((o) => o.kind === SUBJECT_OPS.create && o.id < opId && (o.state === 'pending' || o.state === 'in_flight'));
    if (maker) return maker;
  }
  return null;
}

export const pushCreate: OpHandler = async (op: OutboxOp<SubjectOpPayload>, ctx) => {
  const { db } = ctx;
  const { localId } = op.payload;
  const subject = subjectByLocalId(db, localId);
  if (!subject) return { type: 'done', result: { skipped: 'the subject is no longer in the mirror' } };
  if (subject.remoteId !== null) return { type: 'done', remoteRef: subject.remoteId, result: { subject_id: subject.remoteId } };
  const household = householdByLocalId(db, subject.householdLocalId)!;
  const maker = household.remoteId === null && op.remoteRef === null ? householdMaker(db, subject, op.id) : null;
  if (maker) return { type: 'wait', at: ctx.now() + MAKER_WAIT_MS, note: `waits for operation ${maker.id}, which creates its household` };
  const noted = notedBody(op);
  const { body, sent } = noted ?? createBody(subject, household);

  let remote: Subject | null = null;
  let adopted = false;
  if (op.remoteRef !== null) {
    remote = await knownRecord(op, ctx);
    // Created, then deleted on the service before this side heard of it: keep it, marked.
    if (!remote) return { type: 'reject', error: goneSentence(subject), status: 404, apply: (tx) => markSubjectGone(tx, localId) };
  } else if (mayHaveRun(op)) remote = await lookForCreated(op, subject, ctx, (noted?.body as Identity | undefined) ?? subject.fields);
  if (remote) adopted = true;
  else if (subject.state === 'destroyed') {
    // Not forgotten here: the destroy op queued behind this one still names the local id,
    // and a row removed now would let the next subject made here take that id (and be
    // forgotten by that op in its place). The destroy op removes it.
    return { type: 'done', result: { skipped: 'deleted here before it was sent' } };
  } else {
    if (!noted) noteInFlight(db, op.id, { body, sent } satisfies Body, ctx.now());
    remote = await createSubject(ctx.remote, body, { idempotencyKey: op.idempotencyKey, signal: ctx.signal });
  }
  ctx.recordRemoteRef(op.id, remote.id);
  const record = remote;
  return { type: 'done', remoteRef: record.id, result: { subject_id: record.id, adopted }, apply: (tx) => adopt(tx, op, record, sent, ctx.now()) };
};
