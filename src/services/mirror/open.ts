/**
 * Opens a mirror file: `openMirror(file, migrations?)` → `MirrorDb` (a better-sqlite3
 * Database) in WAL mode with foreign keys on, a busy timeout, and synchronous NORMAL (WAL
 * keeps the file consistent across a crash; only the last commits before a power loss may
 * be lost, which the outbox tolerates because it re-reads what the service has).
 * `openMirrorFor(dataDir, serverUrl, account)` finds the file first (see location.ts).
 *
 * Problems a person can act on (not a database, written by a newer build, edited schema
 * step) are thrown as `MirrorOpenError` with a sentence; the connection is closed.
 */
import Database from 'better-sqlite3';
import type { Migration } from '../../core/sql/migrations';
import { MigrationError } from '../../core/sql/migrations';
import { applyMigrations } from '../../core/sql/migrate';
import { MIRROR_MIGRATIONS } from './migrations';
import { mirrorFileFor } from './location';
import type { MirrorDb } from './db';
import { endBulkLoad } from './queries/bulk-load';
import { ownerOnlyDatabase } from '../owner-only';

export type { MirrorDb };

export class MirrorOpenError extends Error {
  override name = 'MirrorOpenError';
}

export function openMirror(file: string, migrations: readonly Migration[] = MIRROR_MIGRATIONS): MirrorDb {
  let db: MirrorDb;
  try {
    // Owner-only before SQLite opens it, also when an older run left it readable by others.
    if (file !== ':memory:') ownerOnlyDatabase(file);
    db = new Database(file);
  } catch (error) {
    const reason = (error as Error).message.replace(/[.\s]+$/, '');
    throw new MirrorOpenError(`The mirror file ${file} cannot be opened (${reason}).`, { cause: error });
  }
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    applyMigrations(db, migrations);
    // A bulk load cut short by a crash left indexes dropped: build them again.
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sync_state'").get()) endBulkLoad(db);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof MigrationError) throw new MirrorOpenError(error.message, { cause: error });
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      throw new MirrorOpenError(`The mirror file ${file} is not a Muster mirror or is damaged; move it aside and pull again.`, { cause: error });
    }
    throw error;
  }
}

export function openMirrorFor(dataDir: string, serverUrl: string, account: string): MirrorDb {
  return openMirror(mirrorFileFor(dataDir, serverUrl, account));
}
