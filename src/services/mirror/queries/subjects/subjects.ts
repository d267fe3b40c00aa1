/**
 * Subjects in the mirror: reads and removal. Writes live in subjects-pull.ts (bulk upsert of
 * pulled search pages), subjects-local.ts (offline create/update/destroy) and
 * subjects-rebase.ts (taking a service version in, with three-way conflict detection).
 *
 * - `subjectByLocalId`, `subjectByRemoteId` → MirrorSubject: current fields, the household,
 *   `base` (always the version last pulled, or null when the service never had it),
 *   `pulled` (a newer remote version waiting to be merged) and the local `state`.
 * - `listSubjects(db, { states?, limit?, offset? })` in local id order; `countByState`.
 * - `subjectsNotPulledSince(db, at)`: synced subjects a complete pull did not see (gone
 *   from the service); `forgetSubject(db, localId)` removes one (and an emptied household).
 */
import type { Subject } from '../../../../core/contract/subjects';
import type { MirrorDb } from '../../db';
import { readJson, readJsonOrNull } from '../json';
import { stmt } from '../statements';
import { fieldsOfRow, HOUSEHOLD_FIELDS, householdFieldsOf, SUBJECT_STATES, type HouseholdFields, type SubjectBase, type SubjectFields, type SubjectRow, type SubjectState } from './subject-row';

export interface MirrorSubject {
  localId: number;
  remoteId: number | null;
  householdLocalId: number;
  householdRemoteId: number | null;
  household: HouseholdFields;
  fields: SubjectFields;
  lockVersion: number | null;
  remoteCreatedAt: string | null;
  remoteUpdatedAt: string | null;
  base: SubjectBase | null;
  pulled: Subject | null;
  state: SubjectState;
  pulledAt: number | null;
  changedAt: number | null;
}

type JoinedRow = SubjectRow & { household_remote_id: number | null } & { [K in `h_${keyof HouseholdFields}`]: string | null };

const SELECT = `SELECT s.*, h.remote_id AS household_remote_id, ${HOUSEHOLD_FIELDS.map((f) => `h.${f} AS h_${f}`).join(', ')}
  FROM subjects s JOIN households h ON h.local_id = s.household_local_id`;

function toSubject(row: JoinedRow): MirrorSubject {
  const fields = fieldsOfRow(row);
  let base: SubjectBase | null = readJsonOrNull<SubjectBase>(row.base, 'subject base');
  // While synced the columns are the version last pulled; build the base from them.
  if (base === null && row.remote_id !== null && row.state === 'synced') {
    base = { remote_id: row.remote_id, household_id: row.household_remote_id, lock_version: row.lock_version ?? 0, updated_at: row.remote_updated_at, fields };
  }
  const household = householdFieldsOf(Object.fromEntries(HOUSEHOLD_FIELDS.map((f) => [f, row[`h_${f}`]])));
  return {
    localId: row.local_id,
    remoteId: row.remote_id,
    householdLocalId: row.household_local_id,
    householdRemoteId: row.household_remote_id,
    household,
    fields,
    lockVersion: row.lock_version,
    remoteCreatedAt: row.remote_created_at,
    remoteUpdatedAt: row.remote_updated_at,
    base,
    pulled: row.pulled === null ? null : readJson<Subject>(row.pulled, 'pulled subject'),
    state: row.state,
    pulledAt: row.pulled_at,
    changedAt: row.changed_at,
  };
}

export function subjectByLocalId(db: MirrorDb, localId: number): MirrorSubject | null {
  const row = stmt(db, `${SELECT} WHERE s.local_id = ?`).get(localId) as JoinedRow | undefined;
  return row ? toSubject(row) : null;
}

export function subjectByRemoteId(db: MirrorDb, remoteId: number): MirrorSubject | null {
  const row = stmt(db, `${SELECT} WHERE s.remote_id = ?`).get(remoteId) as JoinedRow | undefined;
  return row ? toSubject(row) : null;
}

export function listSubjects(db: MirrorDb, options: { states?: readonly SubjectState[]; limit?: number; offset?: number } = {}): MirrorSubject[] {
  const states = options.states ?? SUBJECT_STATES;
  const rows = stmt(db, `${SELECT} WHERE s.state IN (${states.map(() => '?').join(', ')}) ORDER BY s.local_id LIMIT ? OFFSET ?`).all(
    ...states,
    options.limit ?? -1,
    options.offset ?? 0,
  ) as JoinedRow[];
  return rows.map(toSubject);
}

export function countByState(db: MirrorDb): Record<SubjectState, number> {
  const counts = Object.fromEntries(SUBJECT_STATES.map((s) => [s, 0])) as Record<SubjectState, number>;
  // Unsynced rows come from the partial index; synced ones are the rest of the table.
  const total = (stmt(db, 'SELECT count(*) AS n FROM subjects').get() as { n: number }).n;
  const rows = stmt(db, "SELECT state, count(*) AS n FROM subjects WHERE state <> 'synced' GROUP BY state").all() as { state: SubjectState; n: number }[];
  for (const row of rows) counts[row.state] = row.n;
  counts.synced = total - rows.reduce((sum, row) => sum + row.n, 0);
  return counts;
}

export function subjectsNotPulledSince(db: MirrorDb, at: number): number[] {
  return stmt(db, "SELECT local_id FROM subjects WHERE state = 'synced' AND remote_id IS NOT NULL AND (pulled_at IS NULL OR pulled_at < ?) ORDER BY local_id")
    .pluck()
    .all(at) as number[];
}

export function forgetSubject(db: MirrorDb, localId: number): boolean {
  return db.transaction(() => {
    const row = stmt(db, 'SELECT household_local_id FROM subjects WHERE local_id = ?').get(localId) as { household_local_id: number } | undefined;
    if (!row) return false;
    stmt(db, 'DELETE FROM subjects WHERE local_id = ?').run(localId);
    stmt(db, 'DELETE FROM households WHERE local_id = ? AND NOT EXISTS (SELECT 1 FROM subjects WHERE household_local_id = ?)').run(row.household_local_id, row.household_local_id);
    return true;
  })();
}
