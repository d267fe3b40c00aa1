/**
 * Offline changes to subjects. Each function is atomic; the sync flow calls it inside the
 * same transaction as its `enqueue` (outbox.ts), so a change and its outbox row are never
 * apart. The outbox op should carry the subject's local id, not the field values: the push
 * reads `pendingChanges` when it runs, so several edits go out as one PATCH against the
 * newest base.
 *
 * - `createLocalSubject(db, fields, household, at?)` → local id; state `created`.
 *   `household` is { localId } to join one, or fields for a new one.
 * - `updateLocalSubject(db, localId, changes, at?)`: freezes the base at the first change;
 *   `changes.householdLocalId` moves the subject.
 * - `destroyLocalSubject(db, localId, at?)`: state `destroyed`; the row stays (hidden by
 *   callers) until the push succeeds and `forgetSubject` removes it.
 * - `pendingChanges(db, localId)` → what differs from the base (fields, household fields,
 *   household move), i.e. what a push must send.
 */
import type { MirrorDb } from '../../db';
import { changedFields } from '../../merge';
import { createLocalHousehold, householdByLocalId, updateLocalHousehold } from './households';
import { stmt } from '../statements';
import { subjectByLocalId, type MirrorSubject } from './subjects';
import { EMPTY_SUBJECT_FIELDS, fieldParams, SUBJECT_COLUMN_LIST, SUBJECT_FIELDS, type HouseholdFields, type SubjectFields } from './subject-row';

export class SubjectChangeError extends Error {
  override name = 'SubjectChangeError';
}

export function createLocalSubject(
  db: MirrorDb,
  fields: Partial<SubjectFields>,
  household: { localId: number } | Partial<HouseholdFields> = {},
  at: number = Date.now(),
): number {
  return db.transaction(() => {
    let householdLocalId: number;
    if ('localId' in household && typeof household.localId === 'number') {
      if (!householdByLocalId(db, household.localId)) throw new SubjectChangeError(`Household ${household.localId} is not in the mirror.`);
      householdLocalId = household.localId;
    } else {
      householdLocalId = createLocalHousehold(db, household as Partial<HouseholdFields>);
    }
    const all = { ...EMPTY_SUBJECT_FIELDS, ...fields };
    const info = stmt(
      db,
      `INSERT INTO subjects (household_local_id, ${SUBJECT_COLUMN_LIST}, state, changed_at)
       VALUES (?, ${SUBJECT_FIELDS.map(() => '?').join(', ')}, 'created', ?)`,
    ).run(householdLocalId, ...fieldParams(all), at);
    return Number(info.lastInsertRowid);
  })();
}

function requireSubject(db: MirrorDb, localId: number): MirrorSubject {
  const subject = subjectByLocalId(db, localId);
  if (!subject) throw new SubjectChangeError(`Subject ${localId} is not in the mirror.`);
  if (subject.state === 'destroyed') throw new SubjectChangeError(`Subject ${localId} was deleted and can no longer be changed.`);
  return subject;
}

/** Before the first local change of a synced subject, keep its columns as the base. */
function freezeBase(db: MirrorDb, subject: MirrorSubject): void {
  if (subject.state !== 'synced' || subject.base === null) return;
  stmt(db, 'UPDATE subjects SET base = ? WHERE local_id = ?').run(JSON.stringify(subject.base), subject.localId);
}

export interface SubjectChanges extends Partial<SubjectFields> {
  householdLocalId?: number;
  household?: Partial<HouseholdFields>;
}

export function updateLocalSubject(db: MirrorDb, localId: number, changes: SubjectChanges, at: number = Date.now()): MirrorSubject {
  return db.transaction(() => {
    const subject = requireSubject(db, localId);
    freezeBase(db, subject);
    const { householdLocalId, household, ...fieldChanges } = changes;
    const next: SubjectFields = { ...subject.fields };
    for (const field of SUBJECT_FIELDS) if (field in fieldChanges) (next as Record<string, unknown>)[field] = fieldChanges[field] ?? null;
    let target = subject.householdLocalId;
    if (householdLocalId !== undefined && householdLocalId !== target) {
      if (!householdByLocalId(db, householdLocalId)) throw new SubjectChangeError(`Household ${householdLocalId} is not in the mirror.`);
      target = householdLocalId;
    }
    if (household && Object.keys(household).length > 0) updateLocalHousehold(db, target, household);
    const state = subject.state === 'synced' ? 'updated' : subject.state;
    stmt(db, `UPDATE subjects SET ${SUBJECT_FIELDS.map((f) => `${f} = ?`).join(', ')}, household_local_id = ?, state = ?, changed_at = ? WHERE local_id = ?`).run(
      ...fieldParams(next),
      target,
      state,
      at,
      localId,
    );
    return subjectByLocalId(db, localId)!;
  })();
}

export function destroyLocalSubject(db: MirrorDb, localId: number, at: number = Date.now()): MirrorSubject {
  return db.transaction(() => {
    const subject = requireSubject(db, localId);
    freezeBase(db, subject);
    stmt(db, "UPDATE subjects SET state = 'destroyed', changed_at = ? WHERE local_id = ?").run(at, localId);
    return subjectByLocalId(db, localId)!;
  })();
}

export interface PendingChanges {
  /** Fields whose value differs from the version last pulled (all fields when created). */
  fields: Partial<SubjectFields>;
  /** Household fields changed locally. */
  household: Partial<HouseholdFields>;
  /** The household the subject moved to locally: its remote id, or null if not on the service yet. */
  movedTo: { localId: number; remoteId: number | null } | null;
  /** The base's lock_version, for the optimistic lock of the PATCH. */
  lockVersion: number | null;
}

export function pendingChanges(db: MirrorDb, localId: number): PendingChanges | null {
  const subject = subjectByLocalId(db, localId);
  if (!subject) return null;
  const base = subject.base;
  const baseFields = (base?.fields ?? {}) as Record<string, unknown>;
  const local = subject.fields as unknown as Record<string, unknown>;
  const fields = Object.fromEntries(changedFields(base ? baseFields : {}, local).map((f) => [f, local[f]])) as Partial<SubjectFields>;
  const household = householdByLocalId(db, subject.householdLocalId)!;
  const householdBase = (household.base ?? {}) as Record<string, unknown>;
  const householdFields = household.fields as unknown as Record<string, unknown>;
  const householdChanges = Object.fromEntries(changedFields(householdBase, householdFields).map((f) => [f, householdFields[f]])) as Partial<HouseholdFields>;
  const moved = base !== null && (household.remoteId === null || household.remoteId !== base.household_id);
  return {
    fields,
    household: householdChanges,
    movedTo: moved ? { localId: household.localId, remoteId: household.remoteId } : null,
    lockVersion: base?.lock_version ?? null,
  };
}
