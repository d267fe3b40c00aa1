/**
 * Offline changes to subjects, as the app and the CLI make them. Each call checks the input
 * with the service's own rules (core/subjects: input normalisation, household rule 3), then
 * writes the change and its outbox op in ONE transaction, so neither exists without the
 * other. Ops carry only the local id; the push reads the subject as it is when it runs.
 *
 * - `createSubjectOffline(db, input, { householdLocalId?, at? })` → { localId, op }.
 *   `input.household` with an `id` joins the service's household of that id (it must be in
 *   the mirror); fields without an id make a new household; `householdLocalId` joins a
 *   mirrored household, including one made here that the service does not have yet.
 * - `updateSubjectOffline(db, localId, input, { householdLocalId?, at? })` → { subject, op }.
 * - `destroySubjectOffline(db, localId, { at? })` → { op } (null when the service never had
 *   the subject and never will: its creation was refused, so it is simply removed here).
 * - `ensureUpdateOp(db, localId, at?)`: a subject left with changes to push and no op that
 *   will push them (a pull's merge settled its conflict) gets one. Call inside a transaction,
 *   after `settleRefusedChanges` (conflicts.ts): an op refused for another reason (422) is
 *   still the one that pushes them, once retried.
 *
 * Ordering: ops of one subject run FIFO; update and destroy of a subject the service does not
 * have yet depend on its create op, and so does a subject joining a household that only
 * exists here (the create that makes that household must come first).
 */
import type { ErrorDetail } from '../../../core/contract/errors';
import type { SubjectInput } from '../../../core/contract/subjects';
import { isMinorOn } from '../../../core/subjects/age';
import { todayOf } from '../../../core/subjects/dates';
import { householdRuleProblem } from '../../../core/subjects/households';
import { normaliseSubjectInput, type SubjectChanges as CoreChanges } from '../../../core/subjects/input';
import type { MirrorDb } from '../../mirror/open';
import { householdByLocalId, householdByRemoteId, updateLocalHousehold } from '../../mirror/queries/subjects/households';
import { enqueue, opsOfEntity, type OutboxOp } from '../../mirror/queries/outbox/outbox';
import { createLocalSubject, destroyLocalSubject, SubjectChangeError, updateLocalSubject } from '../../mirror/queries/subjects/subjects-local';
import { forgetSubject, subjectByLocalId, type MirrorSubject } from '../../mirror/queries/subjects/subjects';
import { householdMembers } from '../../mirror/queries/subjects/subjects-sync';
import { SUBJECT_FIELDS, type HouseholdFields, type SubjectFields } from '../../mirror/queries/subjects/subject-row';
import { capitalise, SUBJECT_ENTITY, SUBJECT_OPS, subjectLabel, type SubjectOpPayload } from './fields';

export { SubjectChangeError };

/** Input that breaks a subject rule; `details` name each field like the service's 422 does. */
export class SubjectInputError extends Error {
  override name = 'SubjectInputError';
  constructor(readonly details: ErrorDetail[]) {
    super(`The subject cannot be saved: ${details.map((d) => (d.field ? `${d.field} ${d.message}` : d.message)).join('; ')}.`);
  }
}

export interface OfflineOptions {
  householdLocalId?: number;
  at?: number;
}

const ALLOWED = new Set<string>([...SUBJECT_FIELDS, 'household']);

function readInput(input: SubjectInput, mode: 'create' | 'update', at: number): CoreChanges {
  const unknown = Object.keys(input).filter((key) => !ALLOWED.has(key));
  const { changes, errors } = normaliseSubjectInput(input, mode, todayOf(new Date(at)));
  for (const key of unknown) errors.push({ field: key, message: 'is not a field a subject can be given' });
  for (const field of ['demographic_ids', 'location_ids'] as const) {
    const ids = input[field];
    if (ids !== undefined && !(Array.isArray(ids) && ids.every((id) => Number.isSafeInteger(id) && id > 0))) errors.push({ field, message: 'must be a list of ids' });
  }
  if (errors.length > 0) throw new SubjectInputError(errors);
  return changes;
}

function fieldsOf(changes: CoreChanges): Partial<SubjectFields> {
  const fields: Partial<SubjectFields> = { ...changes.columns };
  if (changes.demographic_ids) fields.demographic_ids = changes.demographic_ids;
  if (changes.location_ids) fields.location_ids = changes.location_ids;
  return fields;
}

/** The unfinished create op of a subject: what its later ops must wait for. */
function openCreateOp(db: MirrorDb, localId: number): OutboxOp | null {
  return opsOfEntity(db, SUBJECT_ENTITY, localId).find((op) => op.kind === SUBJECT_OPS.create && op.state !== 'done') ?? null;
}

/** For a household the service does not have yet: the create op of a member that will make it. */
function householdCreateOp(db: MirrorDb, householdLocalId: number, except: number | null): OutboxOp | null {
  for (const member of householdMembers(db, householdLocalId)) {
    if (member === except) continue;
    const op = openCreateOp(db, member);
    if (op) return op;
  }
  return null;
}

/** Members other than `self` that still count (a subject deleted here is leaving). */
function othersIn(db: MirrorDb, householdLocalId: number, self: number | null): number {
  return householdMembers(db, householdLocalId).filter((id) => id !== self && subjectByLocalId(db, id)?.state !== 'destroyed').length;
}

/** The household a body or option names, as a local id; null when none is named. */
function chosenHousehold(db: MirrorDb, input: SubjectInput, options: OfflineOptions): number | null {
  if (options.householdLocalId !== undefined) {
    if (!householdByLocalId(db, options.householdLocalId)) throw new SubjectChangeError(`Household ${options.householdLocalId} is not in the mirror.`);
    return options.householdLocalId;
  }
  const remoteId = input.household?.id;
  if (remoteId === undefined || remoteId === null) return null;
  const household = householdByRemoteId(db, remoteId);
  if (!household) throw new SubjectChangeError(`Household ${remoteId} is not in the mirror; pull first.`);
  return household.localId;
}

function requireMinorRule(db: MirrorDb, minor: boolean, householdLocalId: number | null, self: number | null, field: string): void {
  const problem = householdRuleProblem(minor, householdLocalId === null ? 0 : othersIn(db, householdLocalId, self));
  if (problem) throw new SubjectInputError([{ field, message: problem }]);
}

export function createSubjectOffline(db: MirrorDb, input: SubjectInput, options: OfflineOptions = {}): { localId: number; op: OutboxOp<SubjectOpPayload> } {
  const at = options.at ?? Date.now();
  const changes = readInput(input, 'create', at);
  return db.transaction(() => {
    const householdLocalId = chosenHousehold(db, input, options);
    requireMinorRule(db, isMinorOn(changes.columns.date_of_birth ?? null, todayOf(new Date(at))), householdLocalId, null, 'household');
    const values = (changes.household?.values ?? {}) as Partial<HouseholdFields>;
    const localId = createLocalSubject(db, fieldsOf(changes), householdLocalId === null ? values : { localId: householdLocalId }, at);
    const household = householdByLocalId(db, subjectByLocalId(db, localId)!.householdLocalId)!;
    // Fields sent with a household id update that household, for everyone in it.
    if (householdLocalId !== null && Object.keys(values).length > 0) updateLocalHousehold(db, householdLocalId, values);
    const dependsOn = household.remoteId === null ? householdCreateOp(db, household.localId, localId)?.id : undefined;
    const op = enqueue<SubjectOpPayload>(db, { entityType: SUBJECT_ENTITY, entityKey: localId, kind: SUBJECT_OPS.create, payload: { localId }, dependsOn }, at);
    return { localId, op };
  })();
}

function requireChangeable(db: MirrorDb, localId: number): MirrorSubject {
  const subject = subjectByLocalId(db, localId);
  if (!subject) throw new SubjectChangeError(`Subject ${localId} is not in the mirror.`);
  if (subject.state === 'destroyed') throw new SubjectChangeError(`${capitalise(subjectLabel(subject))} was deleted and can no longer be changed.`);
  return subject;
}

export function updateSubjectOffline(db: MirrorDb, localId: number, input: SubjectInput, options: OfflineOptions = {}): { subject: MirrorSubject; op: OutboxOp<SubjectOpPayload> } {
  const at = options.at ?? Date.now();
  const changes = readInput(input, 'update', at);
  return db.transaction(() => {
    const subject = requireChangeable(db, localId);
    if (subject.state === 'conflict') {
      throw new SubjectChangeError(`Subject ${localId} was changed on the service too; resolve that conflict before changing it again.`);
    }
    const target = chosenHousehold(db, input, options);
    const moving = target !== null && target !== subject.householdLocalId;
    const birth = 'date_of_birth' in changes.columns ? (changes.columns.date_of_birth ?? null) : subject.fields.date_of_birth;
    const today = todayOf(new Date(at));
    if (moving) requireMinorRule(db, isMinorOn(birth, today), target, localId, 'household');
    else if (isMinorOn(birth, today) && !isMinorOn(subject.fields.date_of_birth, today)) requireMinorRule(db, true, subject.householdLocalId, localId, 'date_of_birth');

    let dependsOn = openCreateOp(db, localId)?.id;
    if (moving && householdByLocalId(db, target)!.remoteId === null) {
      const maker = householdCreateOp(db, target, localId);
      // The service cannot move a subject into a household nobody is creating there.
      if (!maker) throw new SubjectChangeError(`Household ${target} is not on the service yet and no subject being created will make it; create the subject into it instead.`);
      dependsOn ??= maker.id;
    }
    const household = (changes.household?.values ?? undefined) as Partial<HouseholdFields> | undefined;
    const updated = updateLocalSubject(db, localId, { ...fieldsOf(changes), ...(moving ? { householdLocalId: target } : {}), ...(household ? { household } : {}) }, at);
    const op = enqueue<SubjectOpPayload>(db, { entityType: SUBJECT_ENTITY, entityKey: localId, kind: SUBJECT_OPS.update, payload: { localId }, dependsOn }, at);
    return { subject: updated, op };
  })();
}

export function destroySubjectOffline(db: MirrorDb, localId: number, options: { at?: number } = {}): { op: OutboxOp<SubjectOpPayload> | null } {
  const at = options.at ?? Date.now();
  return db.transaction(() => {
    const subject = requireChangeable(db, localId);
    const create = openCreateOp(db, localId);
    if (subject.remoteId === null && create && (create.state === 'rejected' || create.state === 'blocked')) {
      // The service refused it and never had it: nothing to send, just remove it here.
      forgetSubject(db, localId);
      return { op: null };
    }
    destroyLocalSubject(db, localId, at);
    const op = enqueue<SubjectOpPayload>(db, { entityType: SUBJECT_ENTITY, entityKey: localId, kind: SUBJECT_OPS.destroy, payload: { localId }, dependsOn: create?.id }, at);
    return { op };
  })();
}

export function ensureUpdateOp(db: MirrorDb, localId: number, at: number = Date.now()): OutboxOp<SubjectOpPayload> | null {
  // A refused or blocked op still carries the changes: it sends them when the person retries
  // it. Another op beside it would be refused with it and pile up with each pull. Only the
  // ops a conflict refused are over (settleRefusedChanges), so settle those first.
  const open = opsOfEntity(db, SUBJECT_ENTITY, localId).some((op) => op.kind !== SUBJECT_OPS.destroy && op.state !== 'done');
  if (open || subjectByLocalId(db, localId)?.state !== 'updated') return null;
  return enqueue<SubjectOpPayload>(db, { entityType: SUBJECT_ENTITY, entityKey: localId, kind: SUBJECT_OPS.update, payload: { localId } }, at);
}
