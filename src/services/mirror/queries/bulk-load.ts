/**
 * A large pull (the first one of a company's subjects, say) writes faster without the
 * secondary indexes it does not need while it writes (building an index once by sorting
 * beats a million one-row index inserts), with fewer WAL checkpoints (each one waits for
 * the disk), without foreign-key checks (about a sixth of the time; the mirror's own
 * writes keep every reference, the checks are a safety net) and with the subject search
 * index built once at the end (search-index.ts; a term search finds nobody meanwhile). `beginBulkLoad(db)` drops the
 * indexes, remembering it in sync_state, checkpoints every ~40 MB instead of ~4 MB and
 * turns the checks off for this connection; `endBulkLoad(db)` undoes all three. Both must
 * be called outside a transaction (SQLite ignores the foreign-key switch inside one). A
 * crash in between is repaired on the next open (`openMirror` calls `endBulkLoad`, which
 * only rebuilds what a load dropped). Queries stay correct meanwhile, only slower:
 *
 *   beginBulkLoad(db);
 *   try { for await (const page of pages) upsertPulledSubjects(db, page); } finally { endBulkLoad(db); }
 */
import type { MirrorDb } from '../db';
import { pauseIndex, rebuildIndexAfterBulk } from './subjects/search-index';
import { getSyncState, setSyncState } from './outbox/sync-state';

/** Index name → its definition, exactly as its migration creates it. */
const LOAD_INDEXES: Record<string, string> = {
  subjects_household: 'CREATE INDEX subjects_household ON subjects(household_local_id)',
  // 007_subject_order.ts
  subjects_by_id: 'CREATE INDEX subjects_by_id ON subjects((remote_id IS NULL), remote_id, local_id)',
};

const KEY = 'bulk_load_dropped';
/** WAL pages between automatic checkpoints: SQLite's default, and during a bulk load. */
const CHECKPOINT_PAGES = 1000;
const BULK_CHECKPOINT_PAGES = 10_000;

function outsideTransaction(db: MirrorDb, what: string): void {
  if (db.inTransaction) throw new Error(`${what} must be called outside a transaction.`);
}

export function beginBulkLoad(db: MirrorDb): void {
  outsideTransaction(db, 'beginBulkLoad');
  db.transaction(() => {
    const dropped = new Set((getSyncState(db, KEY) ?? '').split(',').filter(Boolean));
    for (const name of Object.keys(LOAD_INDEXES)) {
      const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?").get(name);
      if (!exists) continue;
      db.exec(`DROP INDEX ${name}`);
      dropped.add(name);
    }
    setSyncState(db, KEY, dropped.size > 0 ? [...dropped].join(',') : null);
    pauseIndex(db, 'bulk');
  })();
  db.pragma(`wal_autocheckpoint = ${BULK_CHECKPOINT_PAGES}`);
  db.pragma('foreign_keys = OFF');
}

/** Answers the indexes it rebuilt (`subject_fts` for the search index). */
export function endBulkLoad(db: MirrorDb): string[] {
  outsideTransaction(db, 'endBulkLoad');
  db.pragma('foreign_keys = ON');
  db.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
  const searchIndex = rebuildIndexAfterBulk(db) ? ['subject_fts'] : [];
  return [...searchIndex, ...db.transaction(() => {
    const dropped = (getSyncState(db, KEY) ?? '').split(',').filter((name) => name in LOAD_INDEXES);
    for (const name of dropped) {
      const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?").get(name);
      if (!exists) db.exec(LOAD_INDEXES[name]);
    }
    setSyncState(db, KEY, null);
    return dropped;
  })()];
}
