import { fnv1a } from '../text/hash';

/** A numbered schema step. Once applied anywhere, its SQL must never change. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export interface AppliedMigration {
  version: number;
  checksum: string;
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export function migrationChecksum(migration: Migration): string {
  return fnv1a(migration.sql.replace(/\r\n/g, '\n').trim());
}

/**
 * Decides which migrations still have to run. Refuses a database that has a migration this
 * build does not know (made by a newer build) or whose applied SQL was edited since.
 */
export function pendingMigrations(migrations: readonly Migration[], applied: readonly AppliedMigration[]): Migration[] {
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  sorted.forEach((m, i) => {
    if (m.version !== i + 1) throw new MigrationError(`Migrations must be numbered 1, 2, 3… without gaps; found ${m.version} at position ${i + 1}.`);
  });
  const known = new Map(sorted.map((m) => [m.version, m]));
  for (const row of applied) {
    const migration = known.get(row.version);
    if (!migration) {
      throw new MigrationError(`This data file was written by a newer version (schema step ${row.version}); update the app to open it.`);
    }
    if (migrationChecksum(migration) !== row.checksum) {
      throw new MigrationError(`Schema step ${row.version} (${migration.name}) was changed after it was applied; refusing to open the data file.`);
    }
  }
  const done = new Set(applied.map((a) => a.version));
  const pending = sorted.filter((m) => !done.has(m.version));
  const newestApplied = Math.max(0, ...done);
  const skipped = pending.find((m) => m.version < newestApplied);
  if (skipped) {
    throw new MigrationError(`Schema step ${skipped.version} (${skipped.name}) is missing from a data file that has step ${newestApplied}; refusing to open it.`);
  }
  return pending;
}
