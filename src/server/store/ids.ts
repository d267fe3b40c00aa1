/** The id a new row gets: above every id the table holds and every id it ever held (migration 004). */
import type { Db } from '../db/open';

export type FreshIdTable = 'subjects' | 'households' | 'participant_imports';

export function nextId(db: Db, table: FreshIdTable): number {
  const held = db.prepare(`SELECT coalesce(max(id), 0) FROM ${table}`).pluck().get() as number;
  const deleted = (db.prepare('SELECT last_id FROM id_high_water WHERE table_name = ?').pluck().get(table) as number | undefined) ?? 0;
  return Math.max(held, deleted) + 1;
}
