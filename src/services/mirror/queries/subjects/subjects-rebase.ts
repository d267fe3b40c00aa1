/**
 * Takes a service version of a subject into the mirror with three-way conflict detection
 * (merge.ts) against the version last pulled:
 *
 * - `rebaseSubject(db, localId, remote, { sent?, choices?, at? })` → { state, conflicts }.
 *   Fields only the service changed are taken, fields only the person changed are kept
 *   (and stay to be pushed), fields both changed differently are conflicts: then nothing is
 *   written but `pulled` and state `conflict`, so the person decides. Used after a push
 *   answered (`sent` = the fields it sent, including `household_id` when it sent a new or
 *   moved household and `household.<field>` for household fields), after a 409, and for a
 *   version a pull parked in `pulled` (`mergePulled`).
 * - `resolveConflict(db, localId, choices, at?)`: the person chose 'local' or 'remote' for
 *   each conflicting field; merges against the parked remote version.
 */
import type { Subject } from '../../../../core/contract/subjects';
import type { MirrorDb } from '../../db';
import { threeWayMerge, type Fields } from '../../merge';
import { householdByLocalId, householdByRemoteId, setHouseholdRemoteId, writeHousehold } from './households';
import { stmt } from '../statements';
import { subjectByLocalId, type MirrorSubject } from './subjects';
import { SubjectChangeError } from './subjects-local';
import { fieldParams, fieldsOfRecord, HOUSEHOLD_FIELDS, householdFieldsOf, SUBJECT_FIELDS, type HouseholdFields, type SubjectBase, type SubjectFields, type SubjectState } from './subject-row';

export interface RebaseResult {
  state: SubjectState;
  /** Field names; household fields as `household.<field>`, membership as `household_id`. */
  conflicts: string[];
}

export interface RebaseOptions {
  sent?: Fields;
  /** For conflicting fields: which side the person chose. */
  choices?: Record<string, 'local' | 'remote'>;
  at?: number;
}

const prefixed = (fields: HouseholdFields): Fields => Object.fromEntries(HOUSEHOLD_FIELDS.map((f) => [`household.${f}`, fields[f]]));
const unprefixed = (fields: Fields): HouseholdFields => householdFieldsOf(Object.fromEntries(HOUSEHOLD_FIELDS.map((f) => [f, fields[`household.${f}`] ?? null])));

/** The local household row for a remote household id, created from the record if new. */
function localHouseholdFor(db: MirrorDb, remote: Subject, at: number): number {
  const known = householdByRemoteId(db, remote.household.id);
  if (known) return known.localId;
  const fields = householdFieldsOf(remote.household);
  const info = stmt(db, `INSERT INTO households (remote_id, ${HOUSEHOLD_FIELDS.join(', ')}, pulled_at) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
    remote.household.id,
    ...HOUSEHOLD_FIELDS.map((f) => fields[f]),
    at,
  );
  return Number(info.lastInsertRowid);
}

function adoptCreatedHousehold(db: MirrorDb, subject: MirrorSubject, remote: Subject): void {
  const household = householdByLocalId(db, subject.householdLocalId)!;
  if (household.remoteId !== null) return;
  const existing = householdByRemoteId(db, remote.household.id);
  if (existing) stmt(db, 'UPDATE subjects SET household_local_id = ? WHERE household_local_id = ?').run(existing.localId, household.localId);
  else setHouseholdRemoteId(db, household.localId, remote.household.id);
}

export function rebaseSubject(db: MirrorDb, localId: number, remote: Subject, options: RebaseOptions = {}): RebaseResult {
  const at = options.at ?? Date.now();
  return db.transaction((): RebaseResult => {
    let subject = subjectByLocalId(db, localId);
    if (!subject) throw new SubjectChangeError(`Subject ${localId} is not in the mirror.`);
    const sent = { ...(options.sent ?? {}) };
    if ('household_id' in sent) {
      adoptCreatedHousehold(db, subject, remote);
      subject = subjectByLocalId(db, localId)!;
      sent.household_id = subject.householdRemoteId;
    }
    const household = householdByLocalId(db, subject.householdLocalId)!;
    const baseHousehold = household.remoteId === remote.household.id ? (household.base ?? household.fields) : householdFieldsOf(remote.household);
    const base: Fields = { ...(subject.base?.fields ?? {}), household_id: subject.base?.household_id ?? null, ...prefixed(baseHousehold) };
    const local: Fields = { ...subject.fields, household_id: subject.householdRemoteId ?? `local:${subject.householdLocalId}`, ...prefixed(household.fields) };
    const theirs: Fields = { ...fieldsOfRecord(remote), household_id: remote.household.id, ...prefixed(householdFieldsOf(remote.household)) };
    const { merged, conflicts, unpushed } = threeWayMerge(base, local, theirs, sent);
    const open = conflicts.filter((field) => !options.choices?.[field]);
    if (open.length > 0) {
      if (subject.state !== 'destroyed') stmt(db, "UPDATE subjects SET state = 'conflict', pulled = ? WHERE local_id = ?").run(JSON.stringify(remote), localId);
      return { state: subject.state === 'destroyed' ? 'destroyed' : 'conflict', conflicts };
    }
    for (const field of conflicts) merged[field] = options.choices![field] === 'remote' ? theirs[field] : local[field];
    const stillUnpushed = unpushed.filter((field) => !(conflicts.includes(field) && options.choices![field] === 'remote'));
    writeMerged(db, subject, remote, merged, stillUnpushed.length > 0, at);
    const state: SubjectState = subject.state === 'destroyed' ? 'destroyed' : stillUnpushed.length > 0 ? 'updated' : 'synced';
    return { state, conflicts: [] };
  })();
}

function writeMerged(db: MirrorDb, subject: MirrorSubject, remote: Subject, merged: Fields, unpushed: boolean, at: number): void {
  const mergedHouseholdId = merged.household_id;
  const householdLocalId =
    typeof mergedHouseholdId === 'number' ? (mergedHouseholdId === remote.household.id ? localHouseholdFor(db, remote, at) : householdByRemoteId(db, mergedHouseholdId)?.localId ?? subject.householdLocalId) : subject.householdLocalId;
  const household = householdByLocalId(db, householdLocalId)!;
  if (household.remoteId === remote.household.id) {
    const remoteHousehold = householdFieldsOf(remote.household);
    const fields = unprefixed(merged);
    const same = HOUSEHOLD_FIELDS.every((f) => fields[f] === remoteHousehold[f]);
    writeHousehold(db, householdLocalId, fields, same ? null : remoteHousehold);
  }
  const fields = Object.fromEntries(SUBJECT_FIELDS.map((f) => [f, merged[f]])) as unknown as SubjectFields;
  const destroyed = subject.state === 'destroyed';
  const keepBase = unpushed || destroyed;
  const base: SubjectBase = { remote_id: remote.id, household_id: remote.household.id, lock_version: remote.lock_version, updated_at: remote.updated_at, fields: fieldsOfRecord(remote) };
  const state: SubjectState = destroyed ? 'destroyed' : unpushed ? 'updated' : 'synced';
  stmt(
    db,
    `UPDATE subjects SET ${SUBJECT_FIELDS.map((f) => `${f} = ?`).join(', ')}, remote_id = ?, household_local_id = ?, lock_version = ?,
       remote_created_at = ?, remote_updated_at = ?, participation_dates = ?, base = ?, pulled = NULL, state = ?, pulled_at = ? WHERE local_id = ?`,
  ).run(
    ...fieldParams(fields),
    remote.id,
    householdLocalId,
    remote.lock_version,
    remote.created_at,
    remote.updated_at,
    JSON.stringify(remote.participation_dates ?? []),
    keepBase ? JSON.stringify(base) : null,
    state,
    at,
    subject.localId,
  );
}

/** Merges the version a pull parked in `pulled`; null when there is none. */
export function mergePulled(db: MirrorDb, localId: number, at: number = Date.now()): RebaseResult | null {
  const subject = subjectByLocalId(db, localId);
  if (!subject?.pulled) return null;
  return rebaseSubject(db, localId, subject.pulled, { at });
}

export function resolveConflict(db: MirrorDb, localId: number, choices: Record<string, 'local' | 'remote'>, at: number = Date.now()): RebaseResult {
  const subject = subjectByLocalId(db, localId);
  if (!subject || subject.state !== 'conflict' || !subject.pulled) throw new SubjectChangeError(`Subject ${localId} has no conflict to resolve.`);
  const result = rebaseSubject(db, localId, subject.pulled, { choices, at });
  if (result.conflicts.length > 0) throw new SubjectChangeError(`Choose the local or the service's value for: ${result.conflicts.join(', ')}.`);
  return result;
}
