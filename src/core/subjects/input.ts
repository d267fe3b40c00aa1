import type { ErrorDetail } from '../contract/errors';
import type { SubjectInput } from '../contract/subjects';
import { isValidEmail } from '../participants/email';
import { parseDate, parseTimestamp } from './dates';
import { normaliseHousehold, type HouseholdChange } from './households';
import { cleanText } from './text';

export { SUBJECT_TEXT_MAX, SUBJECT_TEXT_FIELDS, SUBJECT_DATE_FIELDS, SUBJECT_TIMESTAMP_FIELDS, SUBJECT_FLAG_FIELDS, type SubjectTextField } from '../contract/vocabulary';
import { SUBJECT_TEXT_MAX, SUBJECT_TEXT_FIELDS, SUBJECT_DATE_FIELDS, SUBJECT_TIMESTAMP_FIELDS, SUBJECT_FLAG_FIELDS, type SubjectTextField } from '../contract/vocabulary';

type DateField = (typeof SUBJECT_DATE_FIELDS)[number];
type TimestampField = (typeof SUBJECT_TIMESTAMP_FIELDS)[number];
type FlagField = (typeof SUBJECT_FLAG_FIELDS)[number];

/** The stored columns of a subject that a body can set. */
export type SubjectColumns = Record<SubjectTextField | DateField | TimestampField, string | null> & Record<FlagField, boolean>;

export interface SubjectChanges {
  columns: Partial<SubjectColumns>;
  demographic_ids?: number[];
  location_ids?: number[];
  household?: HouseholdChange;
}

/** Nobody alive was born before this year; an earlier date is a typing mistake. */
export const EARLIEST_BIRTH_YEAR = 1900;

const REQUIRED_NAMES = ['first_name', 'last_name'] as const;

function uniqueSorted(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * Reads a subject body into stored values, collecting every problem with the field it
 * belongs to. Only the fields present in the body appear in the changes, so the same
 * reading serves create (everything else takes its default) and a partial update.
 */
export function normaliseSubjectInput(input: SubjectInput, mode: 'create' | 'update', today: string): { changes: SubjectChanges; errors: ErrorDetail[] } {
  const errors: ErrorDetail[] = [];
  const columns: Partial<SubjectColumns> = {};
  const has = (field: string) => Object.prototype.hasOwnProperty.call(input, field);

  for (const field of SUBJECT_TEXT_FIELDS) {
    if (!has(field)) continue;
    const value = cleanText(input[field]);
    if (value !== null && value.length > SUBJECT_TEXT_MAX[field]) errors.push({ field, message: `must be at most ${SUBJECT_TEXT_MAX[field]} characters` });
    columns[field] = value;
  }
  for (const field of REQUIRED_NAMES) {
    if ((mode === 'create' || has(field)) && (columns[field] ?? null) === null) errors.push({ field, message: 'must not be blank' });
  }
  if (columns.email && !isValidEmail(columns.email)) errors.push({ field: 'email', message: 'must be a valid e-mail address' });

  for (const field of SUBJECT_DATE_FIELDS) {
    if (!has(field)) continue;
    const raw = input[field] as string | number | null;
    const text = typeof raw === 'number' ? raw : cleanText(raw);
    if (text === null) {
      columns[field] = null;
      continue;
    }
    const date = parseDate(text);
    // A refused date is left out, so no rule downstream (a child's household) judges by it.
    if (date === null) errors.push({ field, message: 'must be a date written YYYY-MM-DD or YYYYMMDD' });
    else if (field === 'date_of_birth' && (date > today || Number(date.slice(0, 4)) < EARLIEST_BIRTH_YEAR)) {
      errors.push({ field, message: `must lie between ${EARLIEST_BIRTH_YEAR}-01-01 and today` });
    } else columns[field] = date;
  }
  for (const field of SUBJECT_TIMESTAMP_FIELDS) {
    if (!has(field)) continue;
    const text = cleanText(input[field]);
    const stamp = text === null ? null : parseTimestamp(text);
    if (text !== null && stamp === null) errors.push({ field, message: 'must be an ISO 8601 date and time with a zone, such as 2024-05-01T09:30:00Z' });
    columns[field] = stamp;
  }
  for (const field of SUBJECT_FLAG_FIELDS) if (has(field)) columns[field] = input[field] === true;

  const changes: SubjectChanges = { columns };
  if (input.demographic_ids) changes.demographic_ids = uniqueSorted(input.demographic_ids);
  if (input.location_ids) changes.location_ids = uniqueSorted(input.location_ids);
  if (input.household) changes.household = normaliseHousehold(input.household, errors);
  return { changes, errors };
}
