import type { Db } from '../db/open';
import { nextId } from './ids';
import type { Subject } from '../../core/contract/subjects';
import { deriveFields } from '../../core/subjects/derive';
import { SUBJECT_DATE_FIELDS, SUBJECT_FLAG_FIELDS, SUBJECT_TEXT_FIELDS, SUBJECT_TIMESTAMP_FIELDS, type SubjectColumns } from '../../core/subjects/input';
import { householdsByIds } from './households';
import { linksOf } from './subject-links';
import { participationDatesOf } from './participations';

/** Every column a body may set, in one fixed order; SQL is only ever built from this list. */
export const WRITABLE_COLUMNS = [...SUBJECT_TEXT_FIELDS, ...SUBJECT_DATE_FIELDS, ...SUBJECT_TIMESTAMP_FIELDS, ...SUBJECT_FLAG_FIELDS] as const;
type WritableColumn = (typeof WRITABLE_COLUMNS)[number];
const FLAGS = new Set<string>(SUBJECT_FLAG_FIELDS);

export type SubjectRow = Record<Exclude<WritableColumn, 'head_of_household' | 'has_account'>, string | null> & {
  id: number;
  company_id: number;
  household_id: number;
  head_of_household: number;
  has_account: number;
  lock_version: number;
  created_at: string;
  updated_at: string;
};

const stored = (column: WritableColumn, value: string | boolean | null | undefined) => (FLAGS.has(column) ? (value === true ? 1 : 0) : (value ?? null));

export function insertSubject(db: Db, companyId: number, householdId: number, columns: Partial<SubjectColumns>, now: Date): number {
  const at = now.toISOString();
  const names = ['id', 'company_id', 'household_id', ...WRITABLE_COLUMNS, 'lock_version', 'created_at', 'updated_at'];
  const values = [nextId(db, 'subjects'), companyId, householdId, ...WRITABLE_COLUMNS.map((c) => stored(c, columns[c])), 0, at, at];
  const info = db.prepare(`INSERT INTO subjects (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).run(...values);
  return Number(info.lastInsertRowid);
}

/** Writes the given columns, moves the household when asked, and counts the version up. */
export function updateSubject(db: Db, id: number, columns: Partial<SubjectColumns>, householdId: number | null, now: Date): void {
  const given = WRITABLE_COLUMNS.filter((c) => c in columns);
  const sets = [...given.map((c) => `${c} = ?`), 'lock_version = lock_version + 1', 'updated_at = ?'];
  const values: unknown[] = [...given.map((c) => stored(c, columns[c])), now.toISOString()];
  if (householdId !== null) {
    sets.push('household_id = ?');
    values.push(householdId);
  }
  db.prepare(`UPDATE subjects SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
}

export function findSubjectRow(db: Db, companyId: number, id: number): SubjectRow | undefined {
  return db.prepare('SELECT * FROM subjects WHERE company_id = ? AND id = ?').get(companyId, id) as SubjectRow | undefined;
}

export function deleteSubject(db: Db, id: number): void {
  db.prepare('DELETE FROM subjects WHERE id = ?').run(id);
}

function toSubject(row: SubjectRow, today: string, extra: Pick<Subject, 'household' | 'demographic_ids' | 'location_ids' | 'participation_dates'>): Subject {
  const { head_of_household, has_account, ...rest } = row;
  return {
    ...rest,
    head_of_household: head_of_household === 1,
    has_account: has_account === 1,
    ...extra,
    ...deriveFields(row, today),
  };
}

/**
 * Whole subject records for ids of one company, in the order of `ids` (ids of other
 * companies or gone subjects are left out). Households and links come in a few batched
 * queries, whatever the number of subjects.
 */
export function loadSubjects(db: Db, companyId: number, ids: readonly number[], today: string): Subject[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare('SELECT * FROM subjects WHERE company_id = ? AND id IN (SELECT value FROM json_each(?))')
    .all(companyId, JSON.stringify(ids)) as SubjectRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const households = householdsByIds(db, [...new Set(rows.map((row) => row.household_id))]);
  const links = linksOf(db, ids);
  const days = participationDatesOf(db, ids);
  const subjects: Subject[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const household = households.get(row.household_id) ?? { id: row.household_id, address: null, city: null, country: null, state: null, zip: null };
    subjects.push(toSubject(row, today, { household, demographic_ids: links.demographics.get(id) ?? [], location_ids: links.locations.get(id) ?? [], participation_dates: days.get(id) ?? [] }));
  }
  return subjects;
}

export function loadSubject(db: Db, companyId: number, id: number, today: string): Subject | undefined {
  return loadSubjects(db, companyId, [id], today)[0];
}
