import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Subject } from '../../src/core/contract/subjects';
import { openMirror } from '../../src/services/mirror/open';
import { beginBulkLoad, endBulkLoad } from '../../src/services/mirror/queries/bulk-load';
import { upsertPulledSubjects } from '../../src/services/mirror/queries/subjects/subjects-pull';
import { SUBJECT_FIELDS, SUBJECT_TEXT_COLUMNS } from '../../src/services/mirror/queries/subjects/subject-row';
import { now, seconds, type Benchmark } from './harness';

const COUNT = 1_000_000;
/** The service's largest search page: a pull writes one page per transaction. */
const PAGE = 1000;

/** Pulled search pages as the service answers them: two subjects per household. */
export function generatePages(count: number): Subject[][] {
  const pages: Subject[][] = [];
  for (let start = 0; start < count; start += PAGE) pages.push(generatePage(start, Math.min(count, start + PAGE)));
  return pages;
}

/** Subjects `start` to `end` (exclusive) of the generated population, as one page. */
export function generatePage(start: number, end: number): Subject[] {
  const page: Subject[] = [];
  for (let i = start; i < end; i++) {
    const householdId = 1 + (i >> 1);
    page.push({
      id: i + 1,
      company_id: 1,
      household_id: householdId,
      household: { id: householdId, address: `${householdId} Main Street`, city: ['Berlin', 'Hamburg', 'Köln'][i % 3], country: 'DE', state: null, zip: String(10_000 + (householdId % 89_999)) },
      head_of_household: i % 2 === 0,
      code: i % 5 === 0 ? `C-${i}` : null,
      preferred_language: ['de', 'en', 'fr'][i % 3],
      contact_exclusion_until_date: null,
      first_name: `First${i}`,
      last_name: `Last${i % 5000}`,
      middle_initial: i % 4 === 0 ? 'M' : null,
      email: `subject.${i}@example.com`,
      date_of_birth: `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`,
      phone: `+49 30 ${1_000_000 + i}`,
      mobile_phone: i % 3 === 0 ? `+49 151 ${1_000_000 + i}` : null,
      work_phone: null,
      notes: i % 7 === 0 ? 'prefers evening sessions' : null,
      onboarding_completed_at: '2030-01-01T00:00:00.000Z',
      minor_entry_completed_at: null,
      archived_at: null,
      cid: String(900_000 + i),
      demographic_ids: [1 + (i % 3), 10 + (i % 6)],
      location_ids: i % 2 === 0 ? [1] : [],
      consented_at: '2030-01-01T00:00:00.000Z',
      opted_out_at: null,
      has_account: i % 2 === 1,
      age: 30,
      is_minor: false,
      consented: true,
      can_call: true,
      can_email: true,
      lock_version: i % 4,
      created_at: '2030-01-01T00:00:00.000Z',
      updated_at: '2030-01-02T00:00:00.000Z',
    });
  }
  return page;
}

const HOUSEHOLD_COLUMNS = ['remote_id', 'address', 'city', 'country', 'state', 'zip'];
const SUBJECT_COLUMNS = ['remote_id', 'household_remote_id', ...SUBJECT_FIELDS, 'lock_version', 'remote_created_at', 'remote_updated_at'];

/** The floor: the same household and subject rows, plain tables, no keys, one transaction. */
export function bareInsert(file: string, pages: Subject[][]): number {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE households (${HOUSEHOLD_COLUMNS.join(', ')}); CREATE TABLE subjects (${SUBJECT_COLUMNS.join(', ')});`);
  const household = db.prepare(`INSERT INTO households VALUES (${HOUSEHOLD_COLUMNS.map(() => '?').join(', ')})`);
  const subject = db.prepare(`INSERT INTO subjects VALUES (${SUBJECT_COLUMNS.map(() => '?').join(', ')})`);
  const start = now();
  db.transaction(() => {
    let lastHousehold = 0;
    for (const page of pages) {
      for (const s of page) {
        const h = s.household;
        if (h.id !== lastHousehold) household.run(h.id, h.address, h.city, h.country, h.state, h.zip);
        lastHousehold = h.id;
        const params: unknown[] = [s.id, h.id];
        for (const column of SUBJECT_TEXT_COLUMNS) params.push(s[column]);
        params.push(s.head_of_household ? 1 : 0, s.has_account ? 1 : 0, JSON.stringify(s.demographic_ids), JSON.stringify(s.location_ids), s.lock_version, s.created_at, s.updated_at);
        subject.run(...params);
      }
    }
  })();
  const elapsed = seconds(start);
  db.close();
  return elapsed;
}

/**
 * Bulk-writing a million pulled subjects into a fresh mirror as a first pull does (one
 * page per transaction, in a bulk load: the household index built once at the end),
 * against a bare better-sqlite3 insert of the same household and subject rows into plain
 * tables without keys or indexes, in one transaction. Both files in WAL mode with
 * synchronous NORMAL; opening and migrating the mirror is not timed.
 */
export function mirrorWriteBenchmark(): Benchmark {
  let pages: Subject[][] = [];
  const dir = mkdtempSync(join(tmpdir(), 'muster-bench-mirror-'));
  let run = 0;
  const fileFor = (name: string) => join(dir, `${name}-${++run}.sqlite`);
  const remove = (file: string) => ['', '-wal', '-shm'].forEach((suffix) => rmSync(file + suffix, { force: true }));
  return {
    name: 'mirror-write',
    description: `upsertPulledSubjects writing ${COUNT} subjects (2 per household) into a fresh mirror, ${PAGE} per transaction, in a bulk load`,
    items: COUNT,
    unit: 'subjects',
    floorName: 'bare better-sqlite3 insert of the same household and subject rows into plain tables, one transaction',
    goal: { ratio: 2 },
    setup: () => {
      pages = generatePages(COUNT);
    },
    figure: () => {
      const file = fileFor('mirror');
      const db = openMirror(file);
      let written = 0;
      const start = now();
      beginBulkLoad(db);
      try {
        for (const page of pages) written += upsertPulledSubjects(db, page, 1).written;
      } finally {
        endBulkLoad(db);
      }
      const elapsed = seconds(start);
      db.close();
      remove(file);
      if (written !== COUNT) throw new Error(`the mirror wrote ${written} subjects, not ${COUNT}`);
      return elapsed;
    },
    floor: () => {
      const file = fileFor('bare');
      const elapsed = bareInsert(file, pages);
      remove(file);
      return elapsed;
    },
    teardown: () => rmSync(dir, { recursive: true, force: true }),
  };
}
