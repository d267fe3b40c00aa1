import type { Db } from '../db/open';
import type { CatalogCategory } from '../../core/participants/catalog';

export interface EventRow {
  id: number;
  company_id: number;
  external_event_id: number;
  name: string;
}

export function createEvent(db: Db, companyId: number, externalEventId: number, name: string): EventRow {
  const info = db.prepare('INSERT INTO events (company_id, external_event_id, name) VALUES (?, ?, ?)').run(companyId, externalEventId, name);
  return { id: Number(info.lastInsertRowid), company_id: companyId, external_event_id: externalEventId, name };
}

export function findEventByExternalId(db: Db, companyId: number, externalEventId: number): EventRow | undefined {
  return db.prepare('SELECT * FROM events WHERE company_id = ? AND external_event_id = ?').get(companyId, externalEventId) as EventRow | undefined;
}

export function findEvent(db: Db, companyId: number, eventId: number): EventRow | undefined {
  return db.prepare('SELECT * FROM events WHERE company_id = ? AND id = ?').get(companyId, eventId) as EventRow | undefined;
}

/** Adds a category with its demographics to an event's catalog; returns the category id. */
export function addCategory(db: Db, event: EventRow, name: string, exclusive: boolean, demographics: readonly string[]): number {
  const info = db
    .prepare('INSERT INTO demographic_categories (company_id, event_id, name, exclusive) VALUES (?, ?, ?, ?)')
    .run(event.company_id, event.id, name, exclusive ? 1 : 0);
  const categoryId = Number(info.lastInsertRowid);
  const insert = db.prepare('INSERT INTO demographics (category_id, name) VALUES (?, ?)');
  for (const demographic of demographics) insert.run(categoryId, demographic);
  return categoryId;
}

/**
 * The event's demographic catalog, in the shape the shared parser reads. With
 * `exceptCreatedBy`, leaves out the categories that import action created, giving the
 * catalog as it was when the action began.
 */
export function loadCatalog(db: Db, eventId: number, exceptCreatedBy?: number): CatalogCategory[] {
  const rows = db
    .prepare(
      `SELECT c.id AS category_id, c.name AS category_name, c.exclusive, d.id AS demographic_id, d.name AS demographic_name
         FROM demographic_categories c LEFT JOIN demographics d ON d.category_id = c.id
        WHERE c.event_id = ? AND c.created_by_action_id IS NOT ? ORDER BY c.id, d.id`,
    )
    .all(eventId, exceptCreatedBy ?? -1) as { category_id: number; category_name: string; exclusive: number; demographic_id: number | null; demographic_name: string | null }[];
  const categories = new Map<number, CatalogCategory>();
  for (const row of rows) {
    let category = categories.get(row.category_id);
    if (!category) {
      category = { id: row.category_id, name: row.category_name, exclusive: row.exclusive === 1, demographics: [] };
      categories.set(row.category_id, category);
    }
    if (row.demographic_id !== null) category.demographics.push({ id: row.demographic_id, name: row.demographic_name ?? '' });
  }
  return [...categories.values()];
}
