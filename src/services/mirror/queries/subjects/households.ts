/**
 * Households of the mirrored subjects. `local_id` is the mirror's key; `remote_id` is the
 * service's id, NULL until a subject push created the household there. `base` follows the
 * subjects' rule: NULL while synced (the columns are the version last pulled), frozen at
 * the first local change.
 *
 * - `createLocalHousehold(db, fields)` → local id (not on the service yet).
 * - `updateLocalHousehold(db, localId, changes)` freezes the base, then writes.
 * - `setHouseholdRemoteId(db, localId, remoteId)` once the service answered its id.
 * - `householdByLocalId`, `householdByRemoteId` → MirrorHousehold (with `base` always the
 *   version last pulled, or null when never pulled).
 * - `syncHousehold(db, localId, remote)` makes the household exactly the remote version.
 */
import type { Household } from '../../../../core/contract/subjects';
import type { MirrorDb } from '../../db';
import { readJson } from '../json';
import { stmt } from '../statements';
import { HOUSEHOLD_FIELDS, householdFieldsOf, type HouseholdFields } from './subject-row';

export interface MirrorHousehold {
  localId: number;
  remoteId: number | null;
  fields: HouseholdFields;
  base: HouseholdFields | null;
  pulledAt: number | null;
}

type Row = HouseholdFields & { local_id: number; remote_id: number | null; base: string | null; pulled_at: number | null };

const toHousehold = (row: Row): MirrorHousehold => {
  const fields = householdFieldsOf(row);
  const base = row.base !== null ? readJson<HouseholdFields>(row.base, 'household base') : row.remote_id !== null ? fields : null;
  return { localId: row.local_id, remoteId: row.remote_id, fields, base, pulledAt: row.pulled_at };
};

const COLUMNS = HOUSEHOLD_FIELDS.join(', ');
const SETS = HOUSEHOLD_FIELDS.map((f) => `${f} = ?`).join(', ');
const values = (fields: Partial<HouseholdFields>) => HOUSEHOLD_FIELDS.map((f) => fields[f] ?? null);

export function createLocalHousehold(db: MirrorDb, fields: Partial<HouseholdFields> = {}): number {
  return Number(stmt(db, `INSERT INTO households (${COLUMNS}) VALUES (?, ?, ?, ?, ?)`).run(...values(fields)).lastInsertRowid);
}

export function householdByLocalId(db: MirrorDb, localId: number): MirrorHousehold | null {
  const row = stmt(db, 'SELECT * FROM households WHERE local_id = ?').get(localId) as Row | undefined;
  return row ? toHousehold(row) : null;
}

export function householdByRemoteId(db: MirrorDb, remoteId: number): MirrorHousehold | null {
  const row = stmt(db, 'SELECT * FROM households WHERE remote_id = ?').get(remoteId) as Row | undefined;
  return row ? toHousehold(row) : null;
}

/** Keeps the version last pulled in `base` (if not kept yet), then applies the changes. */
export function updateLocalHousehold(db: MirrorDb, localId: number, changes: Partial<HouseholdFields>): MirrorHousehold {
  return db.transaction(() => {
    const household = householdByLocalId(db, localId);
    if (!household) throw new Error(`Household ${localId} is not in the mirror.`);
    if (household.remoteId !== null) {
      stmt(db, 'UPDATE households SET base = coalesce(base, ?) WHERE local_id = ?').run(JSON.stringify(household.base), localId);
    }
    const next = { ...household.fields };
    for (const field of HOUSEHOLD_FIELDS) if (field in changes) next[field] = changes[field] ?? null;
    stmt(db, `UPDATE households SET ${SETS} WHERE local_id = ?`).run(...values(next), localId);
    return householdByLocalId(db, localId)!;
  })();
}

export function setHouseholdRemoteId(db: MirrorDb, localId: number, remoteId: number): void {
  stmt(db, 'UPDATE households SET remote_id = ? WHERE local_id = ?').run(remoteId, localId);
}

/** The household becomes the service's version: columns from it, nothing left unpushed. */
export function syncHousehold(db: MirrorDb, localId: number, remote: Household, at: number = Date.now()): void {
  stmt(db, `UPDATE households SET remote_id = ?, ${SETS}, base = NULL, pulled_at = ? WHERE local_id = ?`).run(remote.id, ...values(householdFieldsOf(remote)), at, localId);
}

/** Sets the fields and the base separately: for a merge that keeps some local changes. */
export function writeHousehold(db: MirrorDb, localId: number, fields: HouseholdFields, base: HouseholdFields | null): void {
  stmt(db, `UPDATE households SET ${SETS}, base = ? WHERE local_id = ?`).run(...values(fields), base === null ? null : JSON.stringify(base), localId);
}

/** Deletes households no subject belongs to any more (after destroys and moves). */
export function dropEmptyHouseholds(db: MirrorDb): number {
  return stmt(db, 'DELETE FROM households WHERE NOT EXISTS (SELECT 1 FROM subjects s WHERE s.household_local_id = households.local_id)').run().changes;
}
