import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { migrationChecksum, MigrationError, pendingMigrations, type AppliedMigration, type Migration } from '../../../../src/core/sql/migrations';

const step = (version: number, sql = `CREATE TABLE t${version} (id INTEGER);`): Migration => ({ version, name: `step ${version}`, sql });
const applied = (...migrations: Migration[]): AppliedMigration[] => migrations.map((m) => ({ version: m.version, checksum: migrationChecksum(m) }));
const versions = (list: Migration[]) => list.map((m) => m.version);

const m1 = step(1);
const m2 = step(2);
const m3 = step(3);

describe('pendingMigrations', () => {
  it('runs everything, in order, on a fresh database', () => {
    expect(versions(pendingMigrations([m1, m2, m3], []))).toEqual([1, 2, 3]);
  });

  it('sorts the steps by version whatever order they are listed in', () => {
    expect(versions(pendingMigrations([m3, m1, m2], []))).toEqual([1, 2, 3]);
    expect(versions(pendingMigrations([m3, m1, m2], applied(m1)))).toEqual([2, 3]);
  });

  it('answers only the steps not applied yet', () => {
    expect(versions(pendingMigrations([m1, m2, m3], applied(m1, m2)))).toEqual([3]);
    expect(pendingMigrations([m1, m2, m3], applied(m1, m2, m3))).toEqual([]);
    expect(pendingMigrations([], [])).toEqual([]);
  });

  it('answers the migrations themselves and does not reorder the caller’s list', () => {
    const list = [m2, m1];
    const pending = pendingMigrations(list, []);
    expect(pending[0]).toBe(m1);
    expect(list).toEqual([m2, m1]);
  });

  it.each([
    ['a gap', [m1, m3]],
    ['not starting at 1', [m2, m3]],
    ['starting at 0', [step(0), m1]],
    ['a repeated version', [m1, m2, step(2, 'SELECT 1;')]],
    ['a fractional version', [m1, step(1.5)]],
    ['a negative version', [step(-1)]],
  ])('refuses a list with %s', (_why, list) => {
    expect(() => pendingMigrations(list, [])).toThrow(MigrationError);
    expect(() => pendingMigrations(list, [])).toThrow(/without gaps/);
  });

  it('refuses a database with a step this build does not know', () => {
    const future = { version: 4, checksum: '00000000' };
    expect(() => pendingMigrations([m1, m2, m3], [...applied(m1), future])).toThrow(MigrationError);
    expect(() => pendingMigrations([m1, m2, m3], [future])).toThrow(/newer version \(schema step 4\)/);
    expect(() => pendingMigrations([], [{ version: 1, checksum: migrationChecksum(m1) }])).toThrow(MigrationError);
  });

  it('refuses a database that has a later step but not an earlier one', () => {
    expect(() => pendingMigrations([m1, m2, m3], applied(m1, m3))).toThrow(/Schema step 2 \(step 2\) is missing/);
    expect(() => pendingMigrations([m1, m2, m3], applied(m3))).toThrow(MigrationError);
  });

  it('refuses a database whose applied SQL was edited since', () => {
    const edited = step(2, 'CREATE TABLE t2 (id INTEGER, name TEXT);');
    expect(() => pendingMigrations([m1, edited, m3], applied(m1, m2))).toThrow(MigrationError);
    expect(() => pendingMigrations([m1, edited, m3], applied(m1, m2))).toThrow(/Schema step 2 \(step 2\) was changed/);
  });

  it('does not mind an edit to a step that was never applied', () => {
    const edited = step(3, 'CREATE TABLE t3 (id INTEGER, name TEXT);');
    expect(versions(pendingMigrations([m1, m2, edited], applied(m1, m2)))).toEqual([3]);
  });

  it('refuses a checksum that does not match even when the SQL is the same', () => {
    expect(() => pendingMigrations([m1], [{ version: 1, checksum: 'deadbeef' }])).toThrow(/was changed/);
  });

  it('makes MigrationError an Error with its own name', () => {
    try {
      pendingMigrations([m2], []);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).name).toBe('MigrationError');
    }
  });

  it('for any applied prefix, answers exactly the rest in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.nat(), (count, seed) => {
        const all = Array.from({ length: count }, (_, i) => step(i + 1));
        const done = count === 0 ? 0 : seed % (count + 1);
        const shuffled = [...all].sort((a, b) => ((a.version * 7919 + seed) % 13) - ((b.version * 7919 + seed) % 13));
        expect(versions(pendingMigrations(shuffled, applied(...all.slice(0, done))))).toEqual(versions(all.slice(done)));
      }),
    );
  });
});

describe('migrationChecksum', () => {
  it('is the same for line-ending and surrounding-whitespace differences', () => {
    const sql = 'CREATE TABLE a (id INTEGER);\nCREATE TABLE b (id INTEGER);';
    const base = migrationChecksum({ version: 1, name: 'x', sql });
    expect(migrationChecksum({ version: 1, name: 'x', sql: sql.replace(/\n/g, '\r\n') })).toBe(base);
    expect(migrationChecksum({ version: 1, name: 'x', sql: `\n  ${sql}\n\n` })).toBe(base);
  });

  it('depends on the SQL only, not on the name or version', () => {
    const sql = 'SELECT 1;';
    expect(migrationChecksum({ version: 1, name: 'a', sql })).toBe(migrationChecksum({ version: 9, name: 'b', sql }));
  });

  it.each([
    ['an inner change', 'CREATE TABLE a (id INTEGER);', 'CREATE TABLE a (id TEXT);'],
    ['inner whitespace', 'CREATE TABLE a (id INTEGER);', 'CREATE TABLE a  (id INTEGER);'],
    ['case', 'create table a (id integer);', 'CREATE TABLE a (id INTEGER);'],
  ])('changes with %s', (_why, a, b) => {
    expect(migrationChecksum({ version: 1, name: 'x', sql: a })).not.toBe(migrationChecksum({ version: 1, name: 'x', sql: b }));
  });

  it('is eight hex digits', () => {
    expect(migrationChecksum(m1)).toMatch(/^[0-9a-f]{8}$/);
  });
});
