/**
 * The full-text index of subjects (core/search/text.ts) as the pull writes it. Triggers keep
 * it in step with every single-row write; a pull pauses them (a row in
 * `search_index_paused`) and indexes a whole page in one statement in the same transaction,
 * because FTS5 does work per statement. A bulk load pauses them until it ends and then
 * builds the index once, like the other indexes it drops (bulk-load.ts).
 */
import { FTS_TABLE, indexAllSql, indexRowsSql, unindexRowsSql } from '../../../../core/search/text';
import type { MirrorDb } from '../../db';
import { MIRROR_TEXT_KEY } from './search-tables';
import { stmt } from '../statements';

export type IndexPause = 'page' | 'bulk';

export function pauseIndex(db: MirrorDb, reason: IndexPause): void {
  stmt(db, 'INSERT OR IGNORE INTO search_index_paused (reason) VALUES (?)').run(reason);
}

export function isIndexPaused(db: MirrorDb, reason: IndexPause): boolean {
  return stmt(db, 'SELECT 1 FROM search_index_paused WHERE reason = ?').get(reason) !== undefined;
}

export function resumeIndex(db: MirrorDb, reason: IndexPause): void {
  stmt(db, 'DELETE FROM search_index_paused WHERE reason = ?').run(reason);
}

/** Indexes rows written while paused: `changed` were indexed before, `fresh` were not. */
export function indexWrittenRows(db: MirrorDb, changed: readonly number[], fresh: readonly number[]): void {
  // A page never changes the service id a row has, so its key before the write is its key now.
  if (changed.length > 0) stmt(db, unindexRowsSql('subjects', 'local_id', MIRROR_TEXT_KEY)).run(JSON.stringify(changed));
  if (changed.length + fresh.length > 0) stmt(db, indexRowsSql('subjects', 'local_id', MIRROR_TEXT_KEY)).run(JSON.stringify([...changed, ...fresh]));
}

/** After a bulk load: the whole index built again in one pass, and the triggers resumed. */
export function rebuildIndexAfterBulk(db: MirrorDb): boolean {
  // A file opened at an older schema step (in tests) has no index to rebuild.
  const indexed = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'search_index_paused'").get() !== undefined;
  if (!indexed || !isIndexPaused(db, 'bulk')) return false;
  db.transaction(() => {
    db.exec(`INSERT INTO ${FTS_TABLE} (${FTS_TABLE}) VALUES ('delete-all')`);
    db.exec(indexAllSql('subjects', MIRROR_TEXT_KEY));
    resumeIndex(db, 'bulk');
  })();
  return true;
}
