/**
 * The demographic catalog of each event, learned from the service's parser results (every
 * parsed demographic that carries ids names a category and demographic the service has), so
 * the offline parser judges rows against the same catalog.
 *
 * - `learnCatalog(db, externalEventId, participants, at?)` records the ids and names found
 *   in parsed participants; newer names win (a rename on the service follows).
 * - `rememberCategory(db, externalEventId, category, at?)` records one category directly.
 * - `catalogFor(db, externalEventId)` → core's `CatalogCategory[]` for `buildCatalog`.
 * - `demographicNames(db, ids)` → the category and name learned for each known id (the
 *   subject screen names a subject's demographic ids with them).
 * - `knownCatalog(db)` → every category learned from any event, by name, to pick from.
 *
 * A parsed entry says `exclusive` when the catalog says so *or* the row asked for it, so a
 * category is learned as exclusive only when every entry of it seen in one result says so.
 */
import type { ParsedParticipant } from '../../../../core/contract/imports';
import type { CatalogCategory } from '../../../../core/participants/catalog';
import type { MirrorDb } from '../../db';
import { stmt } from '../statements';

const UPSERT_EVENT = 'INSERT INTO events (external_event_id, created_at) VALUES (?, ?) ON CONFLICT(external_event_id) DO NOTHING';
const UPSERT_CATEGORY = `INSERT INTO demographic_categories (id, external_event_id, name, exclusive, learned_at) VALUES (@id, @event, @name, @exclusive, @at)
  ON CONFLICT(id) DO UPDATE SET external_event_id = excluded.external_event_id, name = excluded.name, exclusive = excluded.exclusive, learned_at = excluded.learned_at`;
const UPSERT_DEMOGRAPHIC = `INSERT INTO demographics (id, category_id, name, learned_at) VALUES (@id, @category, @name, @at)
  ON CONFLICT(id) DO UPDATE SET category_id = excluded.category_id, name = excluded.name, learned_at = excluded.learned_at`;

export function rememberCategory(db: MirrorDb, externalEventId: number, category: CatalogCategory, at: number = Date.now()): void {
  db.transaction(() => {
    stmt(db, UPSERT_EVENT).run(externalEventId, at);
    stmt(db, UPSERT_CATEGORY).run({ id: category.id, event: externalEventId, name: category.name, exclusive: category.exclusive ? 1 : 0, at });
    for (const d of category.demographics) stmt(db, UPSERT_DEMOGRAPHIC).run({ id: d.id, category: category.id, name: d.name, at });
  })();
}

/** Answers how many categories were learned or refreshed. */
export function learnCatalog(db: MirrorDb, externalEventId: number, participants: readonly ParsedParticipant[], at: number = Date.now()): number {
  const categories = new Map<number, CatalogCategory>();
  for (const participant of participants) {
    for (const entry of participant.demographics) {
      if (entry.demographic_category_id === null) continue;
      let category = categories.get(entry.demographic_category_id);
      if (!category) {
        category = { id: entry.demographic_category_id, name: entry.demographic_category_name, exclusive: entry.exclusive, demographics: [] };
        categories.set(category.id, category);
      }
      category.exclusive &&= entry.exclusive;
      if (entry.demographic_id !== null && !category.demographics.some((d) => d.id === entry.demographic_id)) {
        category.demographics.push({ id: entry.demographic_id, name: entry.demographic_name });
      }
    }
  }
  db.transaction(() => {
    for (const category of categories.values()) rememberCategory(db, externalEventId, category, at);
  })();
  return categories.size;
}

type CatalogRow = { category_id: number; category_name: string; exclusive: number; demographic_id: number | null; demographic_name: string | null };
const CATALOG_COLUMNS = `SELECT c.id AS category_id, c.name AS category_name, c.exclusive, d.id AS demographic_id, d.name AS demographic_name
     FROM demographic_categories c LEFT JOIN demographics d ON d.category_id = c.id`;

export function catalogFor(db: MirrorDb, externalEventId: number): CatalogCategory[] {
  return categoriesOf(stmt(db, `${CATALOG_COLUMNS} WHERE c.external_event_id = ? ORDER BY c.id, d.id`).all(externalEventId) as CatalogRow[]);
}

/** Every category this computer learned, from whichever event, by name (the service's ids are one catalog per company). */
export function knownCatalog(db: MirrorDb): CatalogCategory[] {
  return categoriesOf(stmt(db, `${CATALOG_COLUMNS} ORDER BY c.name COLLATE NOCASE, c.id, d.name COLLATE NOCASE, d.id`).all() as CatalogRow[]);
}

function categoriesOf(rows: readonly CatalogRow[]): CatalogCategory[] {
  const categories: CatalogCategory[] = [];
  for (const row of rows) {
    let category = categories[categories.length - 1];
    if (category?.id !== row.category_id) {
      category = { id: row.category_id, name: row.category_name, exclusive: row.exclusive === 1, demographics: [] };
      categories.push(category);
    }
    if (row.demographic_id !== null) category.demographics.push({ id: row.demographic_id, name: row.demographic_name! });
  }
  return categories;
}

/** The names this computer has learned for these demographic ids (from events' catalogs), in the order of the ids; unknown ids are left out. */
export function demographicNames(db: MirrorDb, ids: readonly number[]): { id: number; category: string; name: string }[] {
  if (ids.length === 0) return [];
  const rows = stmt(
    db,
    'SELECT d.id, c.name AS category, d.name FROM demographics d JOIN demographic_categories c ON c.id = d.category_id WHERE d.id IN (SELECT value FROM json_each(?))',
  ).all(JSON.stringify(ids)) as { id: number; category: string; name: string }[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
