/**
 * A compiled search (src/core/search over search-tables.ts) run on the mirror: the total
 * and one page of local ids, read in one transaction so both see the same rows. Prepared
 * afresh each time: filter combinations make many distinct statements, too many to cache.
 */
import type { CompiledSearch } from '../../../../core/search/compile';
import type { MirrorDb } from '../../db';
import { stmt } from '../statements';

/**
 * `countUpTo` stops counting there: `total` is then at most that, and `totalIsAtLeast` says
 * there are more. Counting a million matches costs more than finding the first page.
 */
export function searchPage(
  db: MirrorDb,
  { fromWhere, params, orderBy }: CompiledSearch,
  limit: number | null,
  offset = 0,
  countUpTo: number | null = null,
): { localIds: number[]; total: number; totalIsAtLeast: boolean } {
  if (countUpTo !== null && limit !== null && offset + limit <= countUpTo) {
    // The page lies within what is counted: one read of the first matches (and one more, to
    // know whether there are more) answers both, instead of finding the matches twice.
    const first = db.prepare(`SELECT s.local_id ${fromWhere} ORDER BY ${orderBy} LIMIT ?`).pluck().all(...params, countUpTo + 1) as number[];
    return { localIds: first.slice(offset, offset + limit), total: Math.min(first.length, countUpTo), totalIsAtLeast: first.length > countUpTo };
  }
  return db.transaction(() => {
    const counted = (
      countUpTo === null ? db.prepare(`SELECT count(*) ${fromWhere}`).pluck().get(...params) : db.prepare(`SELECT count(*) FROM (SELECT 1 ${fromWhere} LIMIT ?)`).pluck().get(...params, countUpTo + 1)
    ) as number;
    const paging = limit === null ? '' : ' LIMIT ? OFFSET ?';
    const values = limit === null ? params : [...params, limit, offset];
    const localIds = db.prepare(`SELECT s.local_id ${fromWhere} ORDER BY ${orderBy}${paging}`).pluck().all(...values) as number[];
    const over = countUpTo !== null && counted > countUpTo;
    return { localIds, total: over ? countUpTo : counted, totalIsAtLeast: over };
  })();
}

/** The service's ids of local subjects, in the order given (a subject made offline: null). */
export function remoteIdsOf(db: MirrorDb, localIds: readonly number[]): (number | null)[] {
  const rows = stmt(db, 'SELECT local_id, remote_id FROM subjects WHERE local_id IN (SELECT value FROM json_each(?))').all(JSON.stringify(localIds)) as {
    local_id: number;
    remote_id: number | null;
  }[];
  const byLocal = new Map(rows.map((r) => [r.local_id, r.remote_id]));
  return localIds.map((id) => byLocal.get(id) ?? null);
}
