import { migrationChecksum, pendingMigrations, type Migration } from './migrations';

/**
 * The little of a SQLite connection that applying migrations needs. better-sqlite3's
 * Database satisfies it structurally, so core stays free of Node and native imports while
 * the service's and the mirror's files are migrated by the same code.
 */
export interface SqlStatement {
  run(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

export interface SqlConnection {
  exec(sql: string): unknown;
  prepare(sql: string): SqlStatement;
  transaction(fn: () => void): () => void;
}

/**
 * Brings a database up to date: records each applied step with its checksum in
 * `schema_migrations`, each step in its own transaction (a failing step leaves the file at
 * the step before it). Refuses unknown or edited steps through `pendingMigrations`.
 * Answers the steps it applied.
 */
export function applyMigrations(db: SqlConnection, migrations: readonly Migration[], now: () => string = () => new Date().toISOString()): Migration[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = db.prepare('SELECT version, checksum FROM schema_migrations').all() as { version: number; checksum: string }[];
  const record = db.prepare('INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)');
  const pending = pendingMigrations(migrations, applied);
  for (const migration of pending) {
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, migrationChecksum(migration), now());
    })();
  }
  return pending;
}
