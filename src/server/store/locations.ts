import type { Db } from '../db/open';

export function createLocation(db: Db, companyId: number, name: string): number {
  return Number(db.prepare('INSERT INTO locations (company_id, name) VALUES (?, ?)').run(companyId, name).lastInsertRowid);
}

/** Names by id, for exports. */
export function locationNames(db: Db, companyId: number): Map<number, string> {
  const rows = db.prepare('SELECT id, name FROM locations WHERE company_id = ?').all(companyId) as { id: number; name: string }[];
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The ids among `ids` that are not locations of the company. */
export function unknownLocationIds(db: Db, companyId: number, ids: readonly number[]): number[] {
  return (
    db
      .prepare('SELECT j.value AS id FROM json_each(?) j WHERE NOT EXISTS (SELECT 1 FROM locations l WHERE l.id = j.value AND l.company_id = ?)')
      .all(JSON.stringify(ids), companyId) as { id: number }[]
  ).map((row) => row.id);
}
