import type { Db } from '../db/open';

/** A search compiled to SQL text and its parameters (search/compile.ts makes it). */
interface CompiledSearch {
  fromWhere: string;
  params: unknown[];
  orderBy: string;
}

/** How many subjects a compiled search matches. */
export function countMatches(db: Db, { fromWhere, params }: CompiledSearch): number {
  return (db.prepare(`SELECT count(*) AS n ${fromWhere}`).get(...params) as { n: number }).n;
}

/** Matching ids in order; every match when `limit` is null (exports). */
export function matchingIds(db: Db, { fromWhere, params, orderBy }: CompiledSearch, limit: number | null = null, offset = 0): number[] {
  const paging = limit === null ? '' : ' LIMIT ? OFFSET ?';
  const values = limit === null ? params : [...params, limit, offset];
  return db.prepare(`SELECT s.id ${fromWhere} ORDER BY ${orderBy}${paging}`).pluck().all(...values) as number[];
}
