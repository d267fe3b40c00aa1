import type { Db } from '../db/open';
import { nextId } from './ids';
import type { Household } from '../../core/contract/subjects';
import { HOUSEHOLD_FIELDS, type HouseholdValues } from '../../core/subjects/households';

export function insertHousehold(db: Db, companyId: number, values: HouseholdValues): number {
  const info = db
    .prepare('INSERT INTO households (id, company_id, address, city, country, state, zip) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(nextId(db, 'households'), companyId, ...HOUSEHOLD_FIELDS.map((field) => values[field] ?? null));
  return Number(info.lastInsertRowid);
}

export function findHousehold(db: Db, companyId: number, id: number): Household | undefined {
  return db.prepare('SELECT id, address, city, country, state, zip FROM households WHERE company_id = ? AND id = ?').get(companyId, id) as Household | undefined;
}

/** Households by id, for building many subject records at once. */
export function householdsByIds(db: Db, ids: readonly number[]): Map<number, Household> {
  const rows = db
    .prepare('SELECT id, address, city, country, state, zip FROM households WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(ids)) as Household[];
  return new Map(rows.map((row) => [row.id, row]));
}

/** Sets the given fields only; column names come from the fixed field list, never a body. */
export function updateHousehold(db: Db, id: number, values: HouseholdValues): void {
  const fields = HOUSEHOLD_FIELDS.filter((field) => field in values);
  if (fields.length === 0) return;
  db.prepare(`UPDATE households SET ${fields.map((f) => `${f} = ?`).join(', ')} WHERE id = ?`).run(...fields.map((f) => values[f] ?? null), id);
}

/** How many subjects live in a household, leaving out one (the subject being placed). */
export function membersOtherThan(db: Db, householdId: number, subjectId: number | null): number {
  const row = db.prepare('SELECT count(*) AS n FROM subjects WHERE household_id = ? AND id IS NOT ?').get(householdId, subjectId) as { n: number };
  return row.n;
}

/** A household nobody lives in any more can never be reached again, so it goes. */
export function deleteHouseholdIfEmpty(db: Db, id: number): void {
  db.prepare('DELETE FROM households WHERE id = ? AND NOT EXISTS (SELECT 1 FROM subjects WHERE household_id = ?)').run(id, id);
}
