import Database from 'better-sqlite3';
import type { Migration } from '../../core/sql/migrations';
import { applyMigrations } from '../../core/sql/migrate';
import { SERVICE_MIGRATIONS } from './migrations';
import { ownerOnlyDatabase } from '../owner-only';

export type Db = Database.Database;

/** Opens (or creates) the service's SQLite file, owner-only, and brings its schema up to date. */
export function openServiceDb(file: string, migrations: readonly Migration[] = SERVICE_MIGRATIONS): Db {
  if (file !== ':memory:') ownerOnlyDatabase(file);
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
  applyMigrations(db, migrations);
}
