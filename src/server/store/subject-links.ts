import type { Db } from '../db/open';

/** The ids among `ids` that are not demographics of the company (through their category). */
export function unknownDemographicIds(db: Db, companyId: number, ids: readonly number[]): number[] {
  return (
    db
      .prepare(
        `SELECT j.value AS id FROM json_each(?) j
          WHERE NOT EXISTS (SELECT 1 FROM demographics d JOIN demographic_categories c ON c.id = d.category_id
                             WHERE d.id = j.value AND c.company_id = ?)`,
      )
      .all(JSON.stringify(ids), companyId) as { id: number }[]
  ).map((row) => row.id);
}

export function setSubjectDemographics(db: Db, subjectId: number, ids: readonly number[]): void {
  db.prepare('DELETE FROM subject_demographics WHERE subject_id = ?').run(subjectId);
  const insert = db.prepare('INSERT INTO subject_demographics (subject_id, demographic_id) VALUES (?, ?)');
  for (const id of ids) insert.run(subjectId, id);
}

export function setSubjectLocations(db: Db, subjectId: number, ids: readonly number[]): void {
  db.prepare('DELETE FROM subject_locations WHERE subject_id = ?').run(subjectId);
  const insert = db.prepare('INSERT INTO subject_locations (subject_id, location_id) VALUES (?, ?)');
  for (const id of ids) insert.run(subjectId, id);
}

function idsBySubject(db: Db, sql: string, subjectIds: readonly number[]): Map<number, number[]> {
  const rows = db.prepare(sql).all(JSON.stringify(subjectIds)) as { subject_id: number; id: number }[];
  const map = new Map<number, number[]>();
  for (const row of rows) {
    const list = map.get(row.subject_id);
    if (list) list.push(row.id);
    else map.set(row.subject_id, [row.id]);
  }
  return map;
}

/** Demographic and location ids of many subjects in two queries, each list ascending. */
export function linksOf(db: Db, subjectIds: readonly number[]): { demographics: Map<number, number[]>; locations: Map<number, number[]> } {
  return {
    demographics: idsBySubject(
      db,
      'SELECT subject_id, demographic_id AS id FROM subject_demographics WHERE subject_id IN (SELECT value FROM json_each(?)) ORDER BY subject_id, demographic_id',
      subjectIds,
    ),
    locations: idsBySubject(
      db,
      'SELECT subject_id, location_id AS id FROM subject_locations WHERE subject_id IN (SELECT value FROM json_each(?)) ORDER BY subject_id, location_id',
      subjectIds,
    ),
  };
}

/** Demographic names by id for a company, for exports. */
export function demographicNames(db: Db, companyId: number): Map<number, string> {
  const rows = db
    .prepare('SELECT d.id, c.name AS category, d.name FROM demographics d JOIN demographic_categories c ON c.id = d.category_id WHERE c.company_id = ?')
    .all(companyId) as { id: number; category: string; name: string }[];
  return new Map(rows.map((row) => [row.id, `${row.category}: ${row.name}`]));
}
