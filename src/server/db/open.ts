import Database from 'better-sqlite3';
import { pendingMigrations, migrationChecksum, type Migration } from '../../core/sql/migrations';
import { SERVICE_MIGRATIONS } from './migrations';

export type Db = Database.Database;

/** Opens (or creates) the service's SQLite file and brings its schema up to date. */
export function openServiceDb(file: string, migrations: readonly Migration[] = SERVICE_MIGRATIONS): Db {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function migrate(db: Db, migrations: readonly Migration[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = db.prepare('SELECT version, checksum FROM schema_migrations').all() as { version: number; checksum: string }[];
  const record = db.prepare('INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)');
  for (const migration of pendingMigrations(migrations, applied)) {
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, migrationChecksum(migration), new Date().toISOString());
    })();
  }
}
