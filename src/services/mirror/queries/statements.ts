import type { Statement } from 'better-sqlite3';
import type { MirrorDb } from '../db';

const cache = new WeakMap<MirrorDb, Map<string, Statement>>();

/**
 * The prepared statement for `sql` on this connection, prepared once: the outbox runner and
 * the grid call the same few queries thousands of times. It comes back in the default mode
 * (objects, not plucked or raw), so a `.pluck()` or `.raw()` one caller chains on does not
 * leak to the next caller of the same SQL.
 */
export function stmt(db: MirrorDb, sql: string): Statement {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = db.prepare(sql)));
  else if (statement.reader) statement.raw(false).pluck(false);
  return statement;
}
