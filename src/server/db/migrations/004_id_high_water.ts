import type { Migration } from '../../../core/sql/migrations';

/**
 * Ids are never handed out twice. Without AUTOINCREMENT, SQLite reuses the id of the newest
 * row once it is deleted, so a client that mirrored a destroyed subject would see it turn
 * into someone else. Rebuilding the tables with AUTOINCREMENT would rewrite every foreign
 * key; instead a trigger keeps the highest id deleted, and inserts start above it.
 */
const TABLES = ['subjects', 'households', 'participant_imports'];

export const migration004: Migration = {
  version: 4,
  name: 'id_high_water',
  sql: `
CREATE TABLE id_high_water (
  table_name TEXT PRIMARY KEY,
  last_id INTEGER NOT NULL
);
${TABLES.map((table) => `CREATE TRIGGER ${table}_id_high_water AFTER DELETE ON ${table} BEGIN
  INSERT INTO id_high_water (table_name, last_id) VALUES ('${table}', OLD.id)
    ON CONFLICT(table_name) DO UPDATE SET last_id = max(last_id, excluded.last_id);
END;`).join('\n')}
`,
};
