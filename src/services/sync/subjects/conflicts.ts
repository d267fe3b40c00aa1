/**
 * What a subject conflict is about, and the sentences a rejected op carries.
 *
 * - `conflictFields(db, localId)` → the fields the person and the service both changed to
 *   different values (household fields as `household.<field>`, a move as `household_id`),
 *   recomputed from the base, the local values and the parked service version with the same
 *   three-way rule the rebase uses (mirror/merge.ts); `['deleted']` when the service deleted
 *   a subject that has local changes; [] when the subject is not in conflict.
 * - `conflictSentence`, `goneSentence`: shown on the rejected op and in `muster status`.
 * - `settleRefusedChanges(db, localId, at)`: once a conflict is over (the person chose, or a
 *   pull found the service agreeing), the ops it refused (409, or 404 for a deletion) are
 *   done rather than left in the outbox as refused; what is left to send has its own op.
 */
import type { MirrorDb } from '../../mirror/open';
import { threeWayMerge, type Fields } from '../../mirror/merge';
import { householdByLocalId } from '../../mirror/queries/subjects/households';
import { opsOfEntity, settle } from '../../mirror/queries/outbox/outbox';
import { subjectByLocalId, type MirrorSubject } from '../../mirror/queries/subjects/subjects';
import { isGoneOnService } from '../../mirror/queries/subjects/subjects-sync';
import { fieldsOfRecord, HOUSEHOLD_FIELDS, householdFieldsOf, type HouseholdFields } from '../../mirror/queries/subjects/subject-row';
import { capitalise, SUBJECT_ENTITY, subjectLabel } from './fields';

/** The field name a "deleted on the service" conflict is resolved by. */
export const DELETED = 'deleted';

const prefixed = (fields: HouseholdFields): Fields => Object.fromEntries(HOUSEHOLD_FIELDS.map((f) => [`household.${f}`, fields[f]]));

export function conflictFields(db: MirrorDb, localId: number): string[] {
  const subject = subjectByLocalId(db, localId);
  if (!subject || subject.state !== 'conflict') return [];
  if (isGoneOnService(subject)) return [DELETED];
  const remote = subject.pulled!;
  const household = householdByLocalId(db, subject.householdLocalId)!;
  const baseHousehold = household.remoteId === remote.household.id ? (household.base ?? household.fields) : householdFieldsOf(remote.household);
  const base: Fields = { ...(subject.base?.fields ?? {}), household_id: subject.base?.household_id ?? null, ...prefixed(baseHousehold) };
  const local: Fields = { ...subject.fields, household_id: subject.householdRemoteId ?? `local:${subject.householdLocalId}`, ...prefixed(household.fields) };
  const theirs: Fields = { ...fieldsOfRecord(remote), household_id: remote.household.id, ...prefixed(householdFieldsOf(remote.household)) };
  return threeWayMerge(base, local, theirs).conflicts;
}

export function conflictSentence(subject: Pick<MirrorSubject, 'localId' | 'fields'>, fields: readonly string[]): string {
  return `${capitalise(subjectLabel(subject))} was changed here and changed on the service too: ${fields.join(', ')}. Nothing was overwritten; choose which value to keep for each.`;
}

export function goneSentence(subject: Pick<MirrorSubject, 'localId' | 'fields'>): string {
  return `${capitalise(subjectLabel(subject))} was deleted on the service; the changes made here were kept and not sent. Create it again or let it go.`;
}

export function settleRefusedChanges(db: MirrorDb, localId: number, at: number): void {
  for (const op of opsOfEntity(db, SUBJECT_ENTITY, localId)) {
    if (op.state === 'rejected' && (op.lastStatus === 409 || op.lastStatus === 404)) settle(db, op.id, { settled: 'conflict over' }, at);
  }
}
