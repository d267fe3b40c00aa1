/**
 * How a subject's fields map onto the mirror's columns, shared by the subject query
 * modules. The field lists come from core's subject rules so the mirror, the service and
 * the offline search agree on what a subject has.
 */
import type { Household, Subject } from '../../../../core/contract/subjects';
import { HOUSEHOLD_FIELDS, type HouseholdField } from '../../../../core/subjects/households';
import { SUBJECT_DATE_FIELDS, SUBJECT_FLAG_FIELDS, SUBJECT_TEXT_FIELDS, SUBJECT_TIMESTAMP_FIELDS, type SubjectColumns } from '../../../../core/subjects/input';
import { idList, readJson } from '../json';

/** Fields stored as nullable text. */
export const SUBJECT_TEXT_COLUMNS = [...SUBJECT_TEXT_FIELDS, ...SUBJECT_DATE_FIELDS, ...SUBJECT_TIMESTAMP_FIELDS] as const;
/** Every field a person can change on a subject, in column order. */
export const SUBJECT_FIELDS = [...SUBJECT_TEXT_COLUMNS, ...SUBJECT_FLAG_FIELDS, 'demographic_ids', 'location_ids'] as const;
export type SubjectField = (typeof SUBJECT_FIELDS)[number];
export type SubjectFields = SubjectColumns & { demographic_ids: number[]; location_ids: number[] };

export type HouseholdFields = Record<HouseholdField, string | null>;
export { HOUSEHOLD_FIELDS };

export const SUBJECT_STATES = ['synced', 'created', 'updated', 'destroyed', 'conflict'] as const;
/** synced: as last pulled; created: not on the service yet; updated / destroyed: local
 *  changes wait to be pushed; conflict: the service changed a field the person changed too. */
export type SubjectState = (typeof SUBJECT_STATES)[number];

/** The version last pulled, as kept for three-way conflict detection. */
export interface SubjectBase {
  remote_id: number;
  /** The service's id of the household the subject was in. */
  household_id: number | null;
  lock_version: number;
  updated_at: string | null;
  fields: SubjectFields;
}

export type SubjectRow = Record<(typeof SUBJECT_TEXT_COLUMNS)[number], string | null> & {
  local_id: number;
  remote_id: number | null;
  household_local_id: number;
  head_of_household: number;
  has_account: number;
  demographic_ids: string;
  location_ids: string;
  lock_version: number | null;
  remote_created_at: string | null;
  remote_updated_at: string | null;
  base: string | null;
  pulled: string | null;
  state: SubjectState;
  pulled_at: number | null;
  changed_at: number | null;
};

export const SUBJECT_COLUMN_LIST = SUBJECT_FIELDS.join(', ');

export function fieldsOfRow(row: SubjectRow): SubjectFields {
  const fields = {} as Record<string, unknown>;
  for (const column of SUBJECT_TEXT_COLUMNS) fields[column] = row[column];
  fields.head_of_household = row.head_of_household === 1;
  fields.has_account = row.has_account === 1;
  fields.demographic_ids = readJson<number[]>(row.demographic_ids, 'subject demographics');
  fields.location_ids = readJson<number[]>(row.location_ids, 'subject locations');
  return fields as SubjectFields;
}

export function fieldsOfRecord(record: Subject): SubjectFields {
  const fields = {} as Record<string, unknown>;
  for (const column of SUBJECT_TEXT_COLUMNS) fields[column] = record[column] ?? null;
  fields.head_of_household = record.head_of_household === true;
  fields.has_account = record.has_account === true;
  fields.demographic_ids = [...(record.demographic_ids ?? [])];
  fields.location_ids = [...(record.location_ids ?? [])];
  return fields as SubjectFields;
}

/** Column values of `fields` in SUBJECT_FIELDS order, as SQLite stores them. */
export function fieldParams(fields: SubjectFields): unknown[] {
  const params: unknown[] = [];
  for (const column of SUBJECT_TEXT_COLUMNS) params.push(fields[column] ?? null);
  params.push(fields.head_of_household ? 1 : 0, fields.has_account ? 1 : 0, idList(fields.demographic_ids), idList(fields.location_ids));
  return params;
}

/** Column values of a pulled record, without building the fields object first (hot path). */
export function recordParams(record: Subject): unknown[] {
  const params: unknown[] = [];
  for (const column of SUBJECT_TEXT_COLUMNS) params.push(record[column] ?? null);
  params.push(record.head_of_household ? 1 : 0, record.has_account ? 1 : 0, idList(record.demographic_ids), idList(record.location_ids));
  return params;
}

export const EMPTY_SUBJECT_FIELDS: SubjectFields = fieldsOfRecord({} as Subject);

export function householdFieldsOf(household: Partial<Household> | null | undefined): HouseholdFields {
  const fields = {} as HouseholdFields;
  for (const field of HOUSEHOLD_FIELDS) fields[field] = household?.[field] ?? null;
  return fields;
}
