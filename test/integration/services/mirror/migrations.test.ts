import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrationChecksum, type Migration } from '../../../../src/core/sql/migrations';
import { MIRROR_MIGRATIONS } from '../../../../src/services/mirror/migrations';
import { MirrorOpenError, openMirror, type MirrorDb } from '../../../../src/services/mirror/open';
import { mirrorDir } from './mirror-fixture';

const dirs = mirrorDir('muster-mirror-migrate-');
let n = 0;

const schemaOf = (db: MirrorDb) =>
  db.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all() as { type: string; name: string; sql: string }[];

/** Opens a new file at `version - 1`, then again at `version`; answers the second connection. */
function stepUpTo(version: number, seed?: (db: MirrorDb) => void): { db: MirrorDb; before: ReturnType<typeof schemaOf> } {
  const file = dirs.file(`step-${version}-${++n}.sqlite`);
  const first = openMirror(file, MIRROR_MIGRATIONS.slice(0, version - 1));
  seed?.(first);
  const before = schemaOf(first);
  first.close();
  return { db: openMirror(file, MIRROR_MIGRATIONS.slice(0, version)), before };
}

const fails = (db: MirrorDb, sql: string, ...params: unknown[]) => expect(() => db.prepare(sql).run(...params)).toThrow();

it.each(MIRROR_MIGRATIONS.map((m) => [m.version, m.name, m] as const))('step %i (%s) applies on top of the steps before it', (version, _name, migration) => {
  const { db, before } = stepUpTo(version);
  try {
    const after = schemaOf(db);
    expect(after).not.toEqual(before);
    for (const table of [...migration.sql.matchAll(/CREATE TABLE (\w+)/g)].map((m) => m[1])) {
      expect(after.some((entry) => entry.type === 'table' && entry.name === table)).toBe(true);
    }
    expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').all()).toEqual(MIRROR_MIGRATIONS.slice(0, version).map((m) => ({ version: m.version })));
  } finally {
    db.close();
  }
});

describe('what each step creates holds its constraints', () => {
  it('1: events keyed by external id, a unique internal id, a catalog that goes with its event', () => {
    const { db } = stepUpTo(1);
    db.prepare('INSERT INTO events (external_event_id, event_id, created_at) VALUES (10, 1, 0), (11, NULL, 0), (12, NULL, 0)').run();
    fails(db, 'INSERT INTO events (external_event_id, event_id, created_at) VALUES (10, NULL, 0)');
    fails(db, 'INSERT INTO events (external_event_id, event_id, created_at) VALUES (13, 1, 0)');
    fails(db, "INSERT INTO demographic_categories (id, external_event_id, name, learned_at) VALUES (1, 99, 'Gender', 0)");
    fails(db, "INSERT INTO demographic_categories (id, external_event_id, name, exclusive, learned_at) VALUES (1, 10, 'Gender', 2, 0)");
    db.prepare("INSERT INTO demographic_categories (id, external_event_id, name, exclusive, learned_at) VALUES (1, 10, 'Gender', 1, 0)").run();
    db.prepare("INSERT INTO demographics (id, category_id, name, learned_at) VALUES (5, 1, 'Female', 0)").run();
    fails(db, "INSERT INTO demographics (id, category_id, name, learned_at) VALUES (6, 2, 'Male', 0)");
    db.prepare('DELETE FROM events WHERE external_event_id = 10').run();
    expect(db.prepare('SELECT count(*) AS n FROM demographics').get()).toEqual({ n: 0 });
    db.close();
  });

  it('2: drafts with known states and JSON flags; one row per position; rows and edits go with their draft', () => {
    const { db } = stepUpTo(2, (old) => old.prepare('INSERT INTO events (external_event_id, created_at) VALUES (10, 0)').run());
    const draft = (state: string, flags = '{}') =>
      db.prepare(`INSERT INTO drafts (external_event_id, source_name, source_size, source_hash, flags, state, created_at, updated_at) VALUES (10, 'a.xlsx', 1, 'h', ?, ?, 0, 0)`).run(flags, state);
    expect(Number(draft('editing').lastInsertRowid)).toBe(1);
    expect(() => draft('sent')).toThrow(/CHECK/);
    expect(() => draft('ready', 'not json')).toThrow(/CHECK/);
    fails(db, "INSERT INTO drafts (external_event_id, source_name, source_size, source_hash, flags, created_at, updated_at) VALUES (99, 'a', 1, 'h', '{}', 0, 0)");
    db.prepare("INSERT INTO draft_rows (draft_id, position, source_row, participant) VALUES (1, 0, 2, '{}')").run();
    fails(db, "INSERT INTO draft_rows (draft_id, position, source_row, participant) VALUES (1, 0, 3, '{}')");
    db.prepare("INSERT INTO draft_edits (draft_id, seq, kind, positions, before, after, created_at) VALUES (1, 1, 'cell', '[0]', '[null]', '[null]', 0)").run();
    fails(db, "INSERT INTO draft_edits (draft_id, seq, kind, positions, before, after, created_at) VALUES (1, 1, 'cell', '[0]', '[null]', '[null]', 0)");
    db.prepare('DELETE FROM drafts WHERE id = 1').run();
    expect(db.prepare('SELECT (SELECT count(*) FROM draft_rows) + (SELECT count(*) FROM draft_edits) AS n').get()).toEqual({ n: 0 });
    db.close();
  });

  it('3: imports with JSON records; actions only of known imports with known statuses; a deleted draft leaves its import', () => {
    const { db } = stepUpTo(3, (old) => {
      old.prepare('INSERT INTO events (external_event_id, created_at) VALUES (10, 0)').run();
      old.prepare("INSERT INTO drafts (external_event_id, source_name, source_size, source_hash, flags, created_at, updated_at) VALUES (10, 'a', 1, 'h', '{}', 0, 0)").run();
    });
    db.prepare(`INSERT INTO imports (id, event_id, external_event_id, draft_id, created_at, record, seen_at) VALUES (7, 1, 10, 1, 't', '{}', 0)`).run();
    fails(db, `INSERT INTO imports (id, event_id, created_at, record, seen_at) VALUES (8, 1, 't', 'nope', 0)`);
    fails(db, `INSERT INTO import_actions (id, import_id, flags, status, record, updated_at) VALUES (1, 99, '{}', 'queued', '{}', 0)`);
    fails(db, `INSERT INTO import_actions (id, import_id, flags, status, record, updated_at) VALUES (1, 7, '{}', 'paused', '{}', 0)`);
    db.prepare(`INSERT INTO import_actions (id, import_id, flags, status, record, updated_at) VALUES (1, 7, '{}', 'running', '{}', 0)`).run();
    db.prepare(`INSERT INTO parser_results (import_id, participants, fetched_at) VALUES (7, '[]', 0)`).run();
    db.prepare('DELETE FROM drafts WHERE id = 1').run();
    expect(db.prepare('SELECT draft_id FROM imports WHERE id = 7').get()).toEqual({ draft_id: null });
    db.prepare('DELETE FROM imports WHERE id = 7').run();
    expect(db.prepare('SELECT (SELECT count(*) FROM import_actions) + (SELECT count(*) FROM parser_results) AS n').get()).toEqual({ n: 0 });
    db.close();
  });

  it('4: subjects with a unique remote id, a household that exists, known local states', () => {
    const { db } = stepUpTo(4);
    db.prepare('INSERT INTO households (local_id, remote_id) VALUES (1, 100)').run();
    fails(db, 'INSERT INTO households (local_id, remote_id) VALUES (2, 100)');
    db.prepare('INSERT INTO subjects (local_id, remote_id, household_local_id) VALUES (1, 500, 1)').run();
    fails(db, 'INSERT INTO subjects (remote_id, household_local_id) VALUES (500, 1)');
    fails(db, 'INSERT INTO subjects (remote_id, household_local_id) VALUES (501, 9)');
    fails(db, "INSERT INTO subjects (remote_id, household_local_id, state) VALUES (502, 1, 'lost')");
    fails(db, "INSERT INTO subjects (remote_id, household_local_id, base) VALUES (503, 1, '{')");
    expect(db.prepare('SELECT state, demographic_ids FROM subjects WHERE local_id = 1').get()).toEqual({ state: 'synced', demographic_ids: '[]' });
    db.close();
  });

  it('5: an outbox whose ids are never reused, with unique idempotency keys and known states', () => {
    const { db } = stepUpTo(5);
    const insert = (key: string, state = 'pending', dependsOn: number | null = null) =>
      db
        .prepare(`INSERT INTO outbox (entity_type, entity_key, kind, payload, depends_on, state, next_attempt_at, idempotency_key, created_at, updated_at) VALUES ('s', '1', 'k', '{}', ?, ?, 0, ?, 0, 0)`)
        .run(dependsOn, state, key);
    insert('a');
    insert('b');
    db.prepare('DELETE FROM outbox WHERE id = 2').run();
    expect(Number(insert('c').lastInsertRowid)).toBe(3);
    expect(() => insert('a')).toThrow(/UNIQUE/);
    expect(() => insert('d', 'lost')).toThrow(/CHECK/);
    expect(() => insert('e', 'pending', 42)).toThrow(/FOREIGN KEY/);
    db.prepare("INSERT INTO sync_state (key, value) VALUES ('last_sync_at', '1')").run();
    fails(db, "INSERT INTO sync_state (key, value) VALUES ('last_sync_at', '2')");
    db.close();
  });

  it('6: subjects already mirrored are indexed for search, the index follows every write, standings go with their campaign and subject', () => {
    const { db } = stepUpTo(6, (old) => {
      old.prepare("INSERT INTO households (local_id) VALUES (1)").run();
      old.prepare("INSERT INTO subjects (local_id, remote_id, household_local_id, first_name, phone) VALUES (1, 10, 1, 'Jörg', '(555) 010-2030')").run();
    });
    const find = (query: string) => db.prepare('SELECT rowid FROM subject_fts WHERE subject_fts MATCH ? ORDER BY rowid').pluck().all(query);
    expect(find('"jorg"*')).toEqual([1]);
    expect(find('"5550102030"*')).toEqual([1]);
    db.prepare("INSERT INTO subjects (local_id, household_local_id, last_name) VALUES (2, 1, 'Müller')").run();
    expect(find('"muller"*')).toEqual([2]);
    db.prepare("UPDATE subjects SET last_name = 'Meier' WHERE local_id = 2").run();
    expect(find('"muller"*')).toEqual([]);
    expect(find('"meier"*')).toEqual([2]);
    expect(db.prepare('SELECT participation_dates FROM subjects WHERE local_id = 1').pluck().get()).toBe('[]');
    fails(db, "UPDATE subjects SET participation_dates = 'nope' WHERE local_id = 1");
    db.prepare('INSERT INTO campaigns (campaign_id, followed_at) VALUES (5, 0)').run();
    db.prepare('INSERT INTO campaign_standings (campaign_id, subject_local_id, rank) VALUES (5, 1, 3), (5, 2, 4)').run();
    fails(db, 'INSERT INTO campaign_standings (campaign_id, subject_local_id) VALUES (6, 1)');
    fails(db, 'INSERT INTO campaign_standings (campaign_id, subject_local_id, quota_qualified) VALUES (5, 1, 2)');
    db.prepare('DELETE FROM subjects WHERE local_id = 2').run();
    expect(find('"meier"*')).toEqual([]);
    expect(db.prepare('SELECT count(*) FROM campaign_standings').pluck().get()).toBe(1);
    db.prepare('DELETE FROM campaigns WHERE campaign_id = 5').run();
    expect(db.prepare('SELECT count(*) FROM campaign_standings').pluck().get()).toBe(0);
    db.close();
  });

  it('7: a search listing by id reads its first page along an index instead of sorting everyone', () => {
    const { db } = stepUpTo(7);
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT local_id FROM subjects s ORDER BY (s.remote_id IS NULL), s.remote_id ASC, s.local_id ASC LIMIT 50')
      .all()
      .map((row) => (row as { detail: string }).detail)
      .join(' | ');
    expect(plan).toContain('subjects_by_id');
    expect(plan).not.toContain('TEMP B-TREE');
    db.close();
  });

  it('8: full-text entries keyed in list order, by service id and then those not sent, moved when the id changes', () => {
    const { db } = stepUpTo(8, (old) => {
      old.prepare('INSERT INTO households (local_id) VALUES (1)').run();
      old.prepare("INSERT INTO subjects (local_id, remote_id, household_local_id, first_name) VALUES (1, 10, 1, 'Jörg'), (2, NULL, 1, 'Müller'), (3, 5, 1, 'Muller')").run();
    });
    // Keys of subjects not sent lie past 2^53: read them as offsets, never as JS numbers.
    const find = (query: string) =>
      db.prepare("SELECT iif(rowid >= 9007199254740992, 'unsent ' || (rowid - 9007199254740992), rowid) FROM subject_fts WHERE subject_fts MATCH ?").pluck().all(query);
    expect(find('"jorg"*')).toEqual([10]);
    expect(find('"muller"*')).toEqual([5, 'unsent 2']);
    db.prepare('UPDATE subjects SET remote_id = 3 WHERE local_id = 2').run();
    expect(find('"muller"*')).toEqual([3, 5]);
    db.prepare('UPDATE subjects SET remote_id = NULL WHERE local_id = 3').run();
    expect(find('"muller"*')).toEqual([3, 'unsent 3']);
    db.prepare("UPDATE subjects SET first_name = 'Meier' WHERE local_id = 2").run();
    expect(find('"muller"*')).toEqual(['unsent 3']);
    db.prepare('DELETE FROM subjects WHERE local_id = 3').run();
    expect(find('"muller"*')).toEqual([]);
    expect(find('"meier"*')).toEqual([3]);
    db.close();
  });

  it('9: a draft keeps its name until renamed, never a blank one, and is found by event and file content along an index', () => {
    const { db } = stepUpTo(9, (old) => {
      old.prepare('INSERT INTO events (external_event_id, created_at) VALUES (10, 0)').run();
      old.prepare("INSERT INTO drafts (external_event_id, source_name, source_size, source_hash, flags, created_at, updated_at) VALUES (10, 'a.xlsx', 1, 'h1', '{}', 0, 5)").run();
    });
    expect(db.prepare('SELECT name, source_name FROM drafts WHERE id = 1').get()).toEqual({ name: null, source_name: 'a.xlsx' });
    db.prepare("UPDATE drafts SET name = 'March list' WHERE id = 1").run();
    expect(() => db.prepare("UPDATE drafts SET name = '   ' WHERE id = 1").run()).toThrow(/CHECK/);
    expect(() => db.prepare('UPDATE drafts SET name = ? WHERE id = 1').run('x'.repeat(201))).toThrow(/CHECK/);
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT id FROM drafts WHERE external_event_id = 10 AND source_hash = 'h1' ORDER BY updated_at DESC").all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toContain('drafts_source');
    // The highest id ever deleted is kept, so the next draft is numbered above it.
    expect(db.prepare('SELECT last FROM draft_id_floor').pluck().get()).toBe(1);
    db.prepare("INSERT INTO drafts (id, external_event_id, source_name, source_size, source_hash, flags, created_at, updated_at) VALUES (7, 10, 'b', 1, 'h', '{}', 0, 0)").run();
    db.prepare('DELETE FROM drafts WHERE id IN (1, 7)').run();
    expect(db.prepare('SELECT last FROM draft_id_floor').pluck().get()).toBe(7);
    fails(db, 'INSERT INTO draft_id_floor (only, last) VALUES (2, 0)');
    db.close();
  });

  it('10: rows already in a draft have no notes; a row keeps a list of notes or none', () => {
    const { db } = stepUpTo(10, (old) => {
      old.prepare('INSERT INTO events (external_event_id, created_at) VALUES (10, 0)').run();
      old.prepare("INSERT INTO drafts (external_event_id, source_name, source_size, source_hash, flags, created_at, updated_at) VALUES (10, 'a', 1, 'h', '{}', 0, 0)").run();
      old.prepare("INSERT INTO draft_rows (draft_id, position, source_row, participant) VALUES (1, 0, 2, '{}')").run();
    });
    expect(db.prepare('SELECT notes FROM draft_rows WHERE position = 0').pluck().get()).toBeNull();
    db.prepare(`INSERT INTO draft_rows (draft_id, position, source_row, participant, notes) VALUES (1, 1, 3, '{}', '[{"kind":"email_spaces"}]')`).run();
    fails(db, "INSERT INTO draft_rows (draft_id, position, source_row, participant, notes) VALUES (1, 2, 4, '{}', 'spaces')");
    fails(db, `INSERT INTO draft_rows (draft_id, position, source_row, participant, notes) VALUES (1, 3, 5, '{}', '{"kind":"email_spaces"}')`);
    db.close();
  });

  it('11: a rejected suggestion is kept once per row, field, kind and value, and goes with its draft', () => {
    const { db } = stepUpTo(11, (old) => {
      old.prepare('INSERT INTO events (external_event_id, created_at) VALUES (10, 0)').run();
      old.prepare("INSERT INTO drafts (external_event_id, source_name, source_size, source_hash, flags, created_at, updated_at) VALUES (10, 'a', 1, 'h', '{}', 0, 0)").run();
    });
    const reject = (position: number, field: string, kind: string, value: string) =>
      db.prepare('INSERT INTO draft_suggestion_rejections (draft_id, position, field, kind, value, rejected_at) VALUES (1, ?, ?, ?, ?, 0)').run(position, field, kind, value);
    reject(1, 'email', 'email-domain', 'ana@gmial.com');
    reject(1, 'email', 'email-domain', 'ana@gmial.co');
    fails(db, 'INSERT INTO draft_suggestion_rejections (draft_id, position, field, kind, value, rejected_at) VALUES (1, 1, ?, ?, ?, 0)', 'email', 'email-domain', 'ana@gmial.com');
    fails(db, 'INSERT INTO draft_suggestion_rejections (draft_id, position, field, kind, value, rejected_at) VALUES (2, 1, ?, ?, ?, 0)', 'email', 'email-domain', 'x');
    fails(db, 'INSERT INTO draft_suggestion_rejections (draft_id, position, field, kind, value, rejected_at) VALUES (1, 2, ?, ?, ?, 0)', '', 'email-domain', 'x');
    db.prepare('DELETE FROM drafts WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) FROM draft_suggestion_rejections').pluck().get()).toBe(0);
    db.close();
  });

  it('12: a value choice per event, category and value; a mapping names its target, the others none', () => {
    const { db } = stepUpTo(12, (old) => old.prepare('INSERT INTO events (external_event_id, created_at) VALUES (10, 0)').run());
    const choose = db.prepare('INSERT OR REPLACE INTO value_choices (external_event_id, category_key, value_key, choice, target, chosen_at) VALUES (?, ?, ?, ?, ?, 0)');
    choose.run(10, 'gender', 'weiblich', 'map', 'Female');
    choose.run(10, 'age group', '30-40', 'create', null);
    choose.run(10, 'gender', 'weiblich', 'clear', null);
    expect(db.prepare('SELECT category_key, value_key, choice, target FROM value_choices ORDER BY category_key').all()).toEqual([
      { category_key: 'age group', value_key: '30-40', choice: 'create', target: null },
      { category_key: 'gender', value_key: 'weiblich', choice: 'clear', target: null },
    ]);
    fails(db, "INSERT INTO value_choices (external_event_id, category_key, value_key, choice, target, chosen_at) VALUES (10, 'gender', 'w', 'map', NULL, 0)");
    fails(db, "INSERT INTO value_choices (external_event_id, category_key, value_key, choice, target, chosen_at) VALUES (10, 'gender', 'w', 'clear', 'Female', 0)");
    fails(db, "INSERT INTO value_choices (external_event_id, category_key, value_key, choice, target, chosen_at) VALUES (10, 'gender', 'w', 'guess', 'Female', 0)");
    fails(db, "INSERT INTO value_choices (external_event_id, category_key, value_key, choice, target, chosen_at) VALUES (99, 'gender', 'w', 'map', 'Female', 0)");
    db.prepare('DELETE FROM events WHERE external_event_id = 10').run();
    expect(db.prepare('SELECT count(*) AS n FROM value_choices').get()).toEqual({ n: 0 });
    db.close();
  });

  it('13: an op made before keeps no error words; words are kept with the sentence they word, or none', () => {
    const { db } = stepUpTo(13, (old) => {
      old.prepare(`INSERT INTO outbox (entity_type, entity_key, kind, payload, state, next_attempt_at, last_error, idempotency_key, created_at, updated_at)
        VALUES ('s', '1', 'k', '{}', 'pending', 0, 'Could not connect.', 'a', 0, 0)`).run();
    });
    expect(db.prepare('SELECT last_error_words FROM outbox WHERE id = 1').pluck().get()).toBeNull();
    db.prepare(`UPDATE outbox SET last_error_words = '{"text":"Could not connect.","words":[{"key":"transport.refused"}]}' WHERE id = 1`).run();
    fails(db, "UPDATE outbox SET last_error_words = 'refused' WHERE id = 1");
    fails(db, `UPDATE outbox SET last_error_words = '[{"key":"transport.refused"}]' WHERE id = 1`);
    fails(db, `UPDATE outbox SET last_error_words = '{"text":"Could not connect.","words":{}}' WHERE id = 1`);
    db.close();
  });

  it('14: a step logged before keeps its whole rows; a step says how it keeps its sides', () => {
    const { db } = stepUpTo(14, (old) => {
      old.prepare('INSERT INTO events (external_event_id, created_at) VALUES (10, 0)').run();
      old.prepare(`INSERT INTO drafts (id, external_event_id, source_name, source_size, source_hash, flags, created_at, updated_at) VALUES (1, 10, 'a.csv', 1, 'h', '{}', 0, 0)`).run();
      old.prepare(`INSERT INTO draft_edits (draft_id, seq, kind, positions, before, after, created_at) VALUES (1, 1, 'cell', '[0]', '[null]', '[null]', 0)`).run();
    });
    expect(db.prepare('SELECT shape FROM draft_edits').pluck().all()).toEqual(['rows']);
    db.prepare(`INSERT INTO draft_edits (draft_id, seq, kind, positions, before, after, created_at, shape) VALUES (1, 2, 'fix', '[0]', '[{"set":{}}]', '[{"set":{}}]', 0, 'patches')`).run();
    fails(db, `INSERT INTO draft_edits (draft_id, seq, kind, positions, before, after, created_at, shape) VALUES (1, 3, 'fix', '[0]', '[]', '[]', 0, 'cells')`);
    db.close();
  });

  it('15: rows behind name a side of a logged step and the session that took it; the step stays while they do; they go with their draft', () => {
    const { db } = stepUpTo(15, (old) => {
      old.prepare('INSERT INTO events (external_event_id, created_at) VALUES (10, 0)').run();
      old.prepare(`INSERT INTO drafts (id, external_event_id, source_name, source_size, source_hash, flags, created_at, updated_at) VALUES (1, 10, 'a.csv', 1, 'h', '{}', 0, 0)`).run();
      old.prepare(`INSERT INTO draft_edits (draft_id, seq, kind, positions, before, after, created_at, shape) VALUES (1, 1, 'fix', '[0]', '[{"set":{}}]', '[{"set":{}}]', 0, 'patches')`).run();
    });
    db.prepare(`INSERT INTO draft_rows_behind (draft_id, seq, side, owner) VALUES (1, 1, 'after', 's1')`).run();
    fails(db, `INSERT INTO draft_rows_behind (draft_id, seq, side, owner) VALUES (1, 2, 'after', 's1')`);
    fails(db, `INSERT INTO draft_rows_behind (draft_id, seq, side, owner) VALUES (1, 1, 'middle', 's1')`);
    fails(db, `INSERT INTO draft_rows_behind (draft_id, seq, side) VALUES (1, 1, 'after')`);
    fails(db, 'DELETE FROM draft_edits WHERE seq = 1');
    db.prepare('DELETE FROM drafts WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) FROM draft_rows_behind').pluck().get()).toBe(0);
    db.close();
  });
});

it('keeps every released schema step exactly as it was released', () => {
  // Append a line when a step is added; an edited step fails here (and every mirror file
  // that applied it would refuse to open).
  const released: Record<number, string> = JSON.parse(readFileSync(new URL('./released-checksums.json', import.meta.url), 'utf8'));
  for (const m of MIRROR_MIGRATIONS) expect({ version: m.version, checksum: migrationChecksum(m) }).toEqual({ version: m.version, checksum: released[m.version] });
});

it('opens an up-to-date file again without changes', () => {
  const file = dirs.file('twice.sqlite');
  const first = openMirror(file);
  const schema = schemaOf(first);
  first.close();
  const second = openMirror(file);
  expect(schemaOf(second)).toEqual(schema);
  second.close();
});

it('refuses, with a sentence, a file whose applied step was edited since', () => {
  const file = dirs.file('edited.sqlite');
  openMirror(file).close();
  const edited = MIRROR_MIGRATIONS.map((m, i) => (i === 1 ? { ...m, sql: `${m.sql}\nCREATE TABLE sneaky (id INTEGER);` } : m));
  expect(() => openMirror(file, edited)).toThrow(MirrorOpenError);
  expect(() => openMirror(file, edited)).toThrow('Schema step 2 (import drafts) was changed after it was applied; refusing to open the data file.');
});

it('refuses, with a sentence, a file written by a newer build', () => {
  const file = dirs.file('newer.sqlite');
  const future: Migration = { version: MIRROR_MIGRATIONS.length + 1, name: 'future', sql: 'CREATE TABLE future (id INTEGER);' };
  openMirror(file, [...MIRROR_MIGRATIONS, future]).close();
  expect(() => openMirror(file)).toThrow(`written by a newer version (schema step ${MIRROR_MIGRATIONS.length + 1}); update the app`);
});

it('leaves the file at the step before a step that fails', () => {
  const file = dirs.file('failing.sqlite');
  const broken: Migration = { version: MIRROR_MIGRATIONS.length + 1, name: 'broken', sql: 'CREATE TABLE half (id INTEGER); INSERT INTO nowhere VALUES (1);' };
  expect(() => openMirror(file, [...MIRROR_MIGRATIONS, broken])).toThrow(/nowhere/);
  const db = openMirror(file);
  expect(db.prepare('SELECT max(version) AS v FROM schema_migrations').get()).toEqual({ v: MIRROR_MIGRATIONS.length });
  expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'half'").get()).toEqual({ n: 0 });
  db.close();
});

it('opens in WAL mode with foreign keys, a busy timeout and synchronous NORMAL', () => {
  const db = openMirror(dirs.file('pragmas.sqlite'));
  expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
  expect(db.pragma('synchronous', { simple: true })).toBe(1);
  db.close();
});

it.skipIf(process.platform === 'win32')('creates the file readable by its owner only', () => {
  const file = dirs.file('private.sqlite');
  openMirror(file).close();
  expect(statSync(file).mode & 0o777).toBe(0o600);
});

it('says plainly when the file is not a mirror', () => {
  const file = dirs.file('not-a-db.sqlite');
  writeFileSync(file, 'These are my notes, not a database. '.repeat(200));
  expect(() => openMirror(file)).toThrow(MirrorOpenError);
  expect(() => openMirror(file)).toThrow(/is not a Muster mirror or is damaged; move it aside and pull again/);
});

it('says plainly when the file cannot be created', () => {
  const file = dirs.file('no-such-folder/mirror.sqlite');
  expect(() => openMirror(file)).toThrow(MirrorOpenError);
  expect(() => openMirror(file)).toThrow(/^The mirror file .*mirror\.sqlite cannot be opened \(ENOENT: no such file or directory/);
});
