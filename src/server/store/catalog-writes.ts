import type { Db } from '../db/open';

/** The inserts an import action makes when its payload names categories the event lacks. */
export function prepareCatalogWrites(db: Db) {
  return {
    insertCategory: db.prepare('INSERT INTO demographic_categories (company_id, event_id, name, exclusive, created_by_action_id) VALUES (?, ?, ?, ?, ?)'),
    insertDemographic: db.prepare('INSERT INTO demographics (category_id, name) VALUES (?, ?)'),
  };
}
