import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openServiceDb } from '../../../../src/server/db/open';
import { SERVICE_MIGRATIONS } from '../../../../src/server/db/migrations';
import { migrationChecksum } from '../../../../src/core/sql/migrations';

const dir = mkdtempSync(join(tmpdir(), 'muster-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tables = (file: string) => {
  const db = openServiceDb(file);
  try {
    return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
  } finally {
    db.close();
  }
};

const schemaOf = (db: ReturnType<typeof openServiceDb>) =>
  (db.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all() as { type: string; name: string; sql: string }[]);

it.each(SERVICE_MIGRATIONS.map((m) => [m.version, m.name, m] as const))('step %i (%s) applies on top of the steps before it', (version, _name, migration) => {
  const file = join(dir, `step-${version}.sqlite`);
  const before = openServiceDb(file, SERVICE_MIGRATIONS.slice(0, version - 1));
  const schemaBefore = schemaOf(before);
  before.close();
  const after = openServiceDb(file, SERVICE_MIGRATIONS.slice(0, version));
  const schemaAfter = schemaOf(after);
  const applied = after.prepare('SELECT version FROM schema_migrations ORDER BY version').all();
  after.close();
  expect(schemaAfter).not.toEqual(schemaBefore);
  for (const table of [...migration.sql.matchAll(/CREATE TABLE (\w+)/g)].map((m) => m[1])) {
    expect(schemaAfter.some((entry) => entry.type === 'table' && entry.name === table)).toBe(true);
  }
  expect(applied).toEqual(SERVICE_MIGRATIONS.slice(0, version).map((m) => ({ version: m.version })));
});

it('keeps every released schema step exactly as it was released', () => {
  // Append a line here when a step is added; an edited step fails this test (and would
  // be refused by every data file that applied it).
  const released: Record<number, string> = JSON.parse(readFileSync(new URL('./released-checksums.json', import.meta.url), 'utf8'));
  for (const migration of SERVICE_MIGRATIONS) expect({ version: migration.version, checksum: migrationChecksum(migration) }).toEqual({ version: migration.version, checksum: released[migration.version] });
});

it('opens an up-to-date file again without changes', () => {
  const file = join(dir, 'twice.sqlite');
  expect(tables(file)).toEqual(tables(file));
});

it('refuses a file whose applied step was edited since', () => {
  const file = join(dir, 'edited.sqlite');
  openServiceDb(file).close();
  const edited = SERVICE_MIGRATIONS.map((m, i) => (i === 0 ? { ...m, sql: `${m.sql}\nCREATE TABLE sneaky (id INTEGER);` } : m));
  expect(() => openServiceDb(file, edited)).toThrow(/changed after it was applied/);
});

it('refuses a file written by a newer build', () => {
  const file = join(dir, 'newer.sqlite');
  openServiceDb(file).close();
  expect(() => openServiceDb(file, SERVICE_MIGRATIONS.slice(0, 1))).toThrow(/newer version/);
});

it('step 5 indexes the subjects already there and keeps the index in step with every write', () => {
  const file = join(dir, 'fts.sqlite');
  const before = openServiceDb(file, SERVICE_MIGRATIONS.slice(0, 4));
  before.prepare("INSERT INTO companies (id, name) VALUES (1, 'C')").run();
  before.prepare('INSERT INTO households (id, company_id) VALUES (1, 1)').run();
  before.prepare("INSERT INTO subjects (id, company_id, household_id, first_name, email, created_at, updated_at) VALUES (7, 1, 1, 'Renée', 'rn@example.org', 't', 't')").run();
  before.close();
  const db = openServiceDb(file, SERVICE_MIGRATIONS.slice(0, 5));
  try {
    const find = (query: string) => db.prepare('SELECT rowid FROM subject_fts WHERE subject_fts MATCH ?').pluck().all(query);
    expect(find('"renee"*')).toEqual([7]);
    expect(find('"example.org"*')).toEqual([7]);
    db.prepare("UPDATE subjects SET first_name = 'Zoë' WHERE id = 7").run();
    expect([find('"renee"*'), find('"zoe"*'), find('"rn@example"*')]).toEqual([[], [7], [7]]);
    db.prepare('DELETE FROM subjects WHERE id = 7').run();
    expect(find('"zoe"*')).toEqual([]);
  } finally {
    db.close();
  }
});
