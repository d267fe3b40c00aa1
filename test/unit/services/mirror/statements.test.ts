import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { stmt } from '../../../../src/services/mirror/queries/statements';

it('prepares once per connection and hands each caller the default mode', () => {
  const db = new Database(':memory:');
  const sql = 'SELECT 1 AS one, 2 AS two';
  const first = stmt(db, sql);
  expect(first.pluck().get()).toBe(1);
  expect(stmt(db, sql)).toBe(first);
  expect(stmt(db, sql).get()).toEqual({ one: 1, two: 2 });
  expect(stmt(db, sql).raw().get()).toEqual([1, 2]);
  expect(stmt(db, sql).get()).toEqual({ one: 1, two: 2 });
  const other = new Database(':memory:');
  expect(stmt(other, sql)).not.toBe(first);
  db.close();
  other.close();
});
