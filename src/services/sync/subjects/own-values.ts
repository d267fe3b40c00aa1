/**
 * Values this mirror itself sent, for the three-way merge of a service answer.
 *
 * Each subject.update attempt notes the values it is about to send on its op (`noteSent`,
 * kept in the op's result until it completes). When a later answer shows the service holding
 * one of those values, the change was made by one of our own requests whose answer was lost,
 * not by someone else on the service: the merge is told it was sent (`ownValues` → the
 * rebase's `sent`), so a newer edit made here is sent again instead of being shown to the
 * person as a conflict with their own earlier edit. A value someone else set is still a
 * conflict. Household fields are shared by the household's members, so a value sent by an
 * unfinished update of any member counts for all of them. Used for a push's answer, a 409's
 * current version, and a pulled version (the pull may come between a lost answer and the retry).
 *
 * `takeAnswer` writes a push's answer this way, and gives values the service still lacks
 * afterwards (edited after the request was made, or a household field another member's
 * request set back) an update op to send them when none is queued: nothing is left in the
 * mirror as a change that no op will ever send.
 */
import type { Subject } from '../../../core/contract/subjects';
import { sameValue, type Fields } from '../../mirror/merge';
import type { MirrorDb } from '../../mirror/open';
import { noteInFlight } from '../../mirror/queries/outbox/outbox-release';
import { enqueue, opsOfEntity, type OutboxOp } from '../../mirror/queries/outbox/outbox';
import { subjectByLocalId } from '../../mirror/queries/subjects/subjects';
import { rebaseSubject, type RebaseResult } from '../../mirror/queries/subjects/subjects-rebase';
import { fieldsOfRecord, HOUSEHOLD_FIELDS, householdFieldsOf } from '../../mirror/queries/subjects/subject-row';
import { householdMembers, keepRemoteId } from '../../mirror/queries/subjects/subjects-sync';
import type { SyncContext } from '../types';
import { SUBJECT_ENTITY, SUBJECT_OPS, type SubjectOpPayload } from './fields';

/** Every value each field was sent with by an attempt of one update op. */
export interface SentNote {
  sentValues: Record<string, unknown[]>;
}

export function readSentNote(result: unknown): SentNote {
  const values = result !== null && typeof result === 'object' ? (result as Partial<SentNote>).sentValues : undefined;
  return { sentValues: values !== null && typeof values === 'object' ? { ...values } : {} };
}

/** Adds what this attempt is about to send to the op's note; call before sending. */
export function noteSent(ctx: SyncContext, op: OutboxOp, note: SentNote, sent: Fields): void {
  for (const [field, value] of Object.entries(sent)) {
    const values = (note.sentValues[field] ??= []);
    if (!values.some((v) => sameValue(v, value ?? null))) values.push(value ?? null);
  }
  noteInFlight(ctx.db, op.id, note, ctx.now());
}

function asFields(record: Subject): Fields {
  const household = householdFieldsOf(record.household);
  return { ...fieldsOfRecord(record), household_id: record.household.id, ...Object.fromEntries(HOUSEHOLD_FIELDS.map((f) => [`household.${f}`, household[f]])) };
}

/**
 * The fields of `theirs` that hold a value we sent: by `own` (the running op's note) or an
 * unfinished update of the subject (every field) or of another member of its household
 * (household fields only).
 */
export function ownValues(db: MirrorDb, subject: { localId: number; householdLocalId: number }, own: SentNote | null, theirs: Subject): Fields {
  const notes: [SentNote, (field: string) => boolean][] = own ? [[own, () => true]] : [];
  const members = new Set([subject.localId, ...householdMembers(db, subject.householdLocalId)]);
  for (const member of members) {
    for (const op of opsOfEntity(db, SUBJECT_ENTITY, member)) {
      if (op.kind !== SUBJECT_OPS.update || (op.state !== 'pending' && op.state !== 'in_flight')) continue;
      notes.push([readSentNote(op.result), member === subject.localId ? () => true : (f) => f.startsWith('household.')]);
    }
  }
  const remote = asFields(theirs);
  const ours: Fields = {};
  for (const [note, applies] of notes) {
    for (const [field, values] of Object.entries(note.sentValues)) {
      if (applies(field) && values.some((v) => sameValue(v, remote[field] ?? null))) ours[field] = remote[field] ?? null;
    }
  }
  return ours;
}

/** Takes the answer of `op` (a create or update of `localId`) in; call inside its transaction. */
export function takeAnswer(db: MirrorDb, op: OutboxOp<SubjectOpPayload>, record: Subject, sent: Fields = {}, at: number = Date.now()): RebaseResult {
  const { localId } = op.payload;
  const result = rebaseSubject(db, localId, record, { sent: { ...ownValues(db, subjectByLocalId(db, localId)!, null, record), ...sent }, at });
  // Deleted here, and a conflict wrote nothing: the service's id is still needed by its
  // destroy op. Nothing else is taken (the shared household's conflict stays the others').
  if (result.state === 'destroyed' && result.conflicts.length > 0) keepRemoteId(db, localId, record.id);
  const queued = opsOfEntity(db, SUBJECT_ENTITY, localId).some((o) => o.id !== op.id && o.kind !== SUBJECT_OPS.destroy && o.state === 'pending');
  if (result.state === 'updated' && !queued) enqueue<SubjectOpPayload>(db, { entityType: SUBJECT_ENTITY, entityKey: localId, kind: SUBJECT_OPS.update, payload: { localId } }, at);
  return result;
}
