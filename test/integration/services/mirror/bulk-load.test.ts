import { expect, it } from 'vitest';
import { openMirror, type MirrorDb } from '../../../../src/services/mirror/open';
import { beginBulkLoad, endBulkLoad } from '../../../../src/services/mirror/queries/bulk-load';
import { upsertPulledSubjects } from '../../../../src/services/mirror/queries/subjects/subjects-pull';
import { subjectByRemoteId } from '../../../../src/services/mirror/queries/subjects/subjects';
import { mirrorDir } from './mirror-fixture';
import { subjectRecord } from './subject-records';

const dirs = mirrorDir();
const indexSql = (db: MirrorDb) => db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'subjects_household'").pluck().get();
const MIGRATED = 'CREATE INDEX subjects_household ON subjects(household_local_id)';

const found = (db: ReturnType<typeof dirs.fresh>, word: string) => db.prepare('SELECT count(*) FROM subject_fts WHERE subject_fts MATCH ?').pluck().get(`"${word}"*`);

it('drops the household index while loading and builds it again, exactly as migrated', () => {
  const db = dirs.fresh();
  expect(indexSql(db)).toBe(MIGRATED);
  beginBulkLoad(db);
  expect(indexSql(db)).toBeUndefined();
  upsertPulledSubjects(db, [subjectRecord(1), subjectRecord(2)]);
  expect(endBulkLoad(db)).toEqual(['subject_fts', 'subjects_household', 'subjects_by_id']);
  expect(indexSql(db)).toBe(MIGRATED);
  expect(subjectByRemoteId(db, 2)?.householdRemoteId).toBe(1002);
  expect(endBulkLoad(db)).toEqual([]);
});

it('indexes for search what a load wrote, once it ends, and every page a pull writes at once', () => {
  const db = dirs.fresh();
  const name = (n: number) => subjectByRemoteId(db, n)!.fields.last_name!;
  upsertPulledSubjects(db, [subjectRecord(1)]);
  expect(found(db, name(1))).toBe(1);
  beginBulkLoad(db);
  upsertPulledSubjects(db, [subjectRecord(2), { ...subjectRecord(1), last_name: 'Zwölfer', lock_version: 9 }]);
  expect(found(db, 'zwolfer')).toBe(0);
  endBulkLoad(db);
  expect([found(db, 'zwolfer'), found(db, name(2))]).toEqual([1, 1]);
  upsertPulledSubjects(db, [{ ...subjectRecord(1), last_name: 'Ærø', lock_version: 10 }]);
  expect([found(db, 'zwolfer'), found(db, 'ærø')]).toEqual([0, 1]);
  expect(db.prepare('SELECT count(*) FROM search_index_paused').pluck().get()).toBe(0);
});

it('repairs a load a crash cut short when the mirror is opened again', () => {
  const file = dirs.file('cut-short.sqlite');
  const first = openMirror(file);
  beginBulkLoad(first);
  first.close();
  const again = openMirror(file);
  expect(indexSql(again)).toBe(MIGRATED);
  expect(again.prepare('SELECT count(*) FROM search_index_paused').pluck().get()).toBe(0);
  again.close();
});

it('pulls with foreign keys enforced, except during a load', () => {
  const db = dirs.fresh();
  upsertPulledSubjects(db, [subjectRecord(1)]);
  expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  // Inside a caller's transaction a pull works as well.
  db.transaction(() => upsertPulledSubjects(db, [subjectRecord(3)]))();
  expect(subjectByRemoteId(db, 3)).not.toBeNull();
  beginBulkLoad(db);
  expect(db.pragma('foreign_keys', { simple: true })).toBe(0);
  expect(() => upsertPulledSubjects(db, [{ ...subjectRecord(2), email: {} } as never])).toThrow();
  endBulkLoad(db);
  expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  expect(() => db.prepare('INSERT INTO subjects (household_local_id) VALUES (999)').run()).toThrow(/FOREIGN KEY/);
});

it('refuses to begin or end a load inside a transaction, where SQLite ignores the switch', () => {
  const db = dirs.fresh();
  expect(() => db.transaction(() => beginBulkLoad(db))()).toThrow('beginBulkLoad must be called outside a transaction.');
  expect(() => db.transaction(() => endBulkLoad(db))()).toThrow('endBulkLoad must be called outside a transaction.');
});

it('checkpoints less often during a load and as usual after it', () => {
  const db = dirs.fresh();
  expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  beginBulkLoad(db);
  expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
  endBulkLoad(db);
  expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
});
