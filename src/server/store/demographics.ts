import type { Db } from '../db/open';

/** A company's demographics by name (the first of a name wins), for seeding subjects. */
export function demographicIdsByName(db: Db, companyId: number): Map<string, number> {
  const rows = db
    .prepare('SELECT d.id, d.name FROM demographics d JOIN demographic_categories c ON c.id = d.category_id WHERE c.company_id = ? ORDER BY d.id')
    .all(companyId) as { id: number; name: string }[];
  const map = new Map<string, number>();
  for (const row of rows) if (!map.has(row.name)) map.set(row.name, row.id);
  return map;
}
