import type { DatePart } from '../contract/subjects';
import { dateParts, shiftMonths, type IsoDate } from './dates';

/** Subjects younger than this are children (household rule 3, `is_minor`). */
export const ADULT_AGE = 18;

const monthsPer = (part: DatePart) => (part === 'years' ? 12 : 1);

/**
 * Completed years or months between a date of birth and `today`. A month is complete when
 * the day of the month reaches the birth day, so a 29 February birthday counts on 1 March
 * in common years. Never negative (a birth date after today reads as 0).
 */
export function ageOn(dateOfBirth: IsoDate, today: IsoDate, part: DatePart = 'years'): number {
  const [by, bm, bd] = dateParts(dateOfBirth);
  const [ty, tm, td] = dateParts(today);
  let months = ty * 12 + tm - (by * 12 + bm);
  if (td < bd) months -= 1;
  return Math.max(0, Math.floor(months / monthsPer(part)));
}

export function isMinorOn(dateOfBirth: IsoDate | null, today: IsoDate): boolean {
  return dateOfBirth !== null && ageOn(dateOfBirth, today) < ADULT_AGE;
}

/**
 * The latest date of birth of someone at least `age` old today: `ageOn(dob) >= age` exactly
 * when `dob <= latestBirthDateFor(age)`. Age filters become date-of-birth ranges this way,
 * so SQL compares an indexed column instead of computing every subject's age.
 */
export function latestBirthDateFor(today: IsoDate, age: number, part: DatePart = 'years'): IsoDate {
  return shiftMonths(today, -age * monthsPer(part));
}

/** Date-of-birth bounds of an age range (both ends inclusive, in whole `part`s). */
export interface BirthRange {
  /** dob <= onOrBefore: old enough. */
  onOrBefore?: IsoDate;
  /** dob > after: young enough. */
  after?: IsoDate;
}

export function birthRangeFor(today: IsoDate, part: DatePart, min?: number, max?: number): BirthRange {
  const range: BirthRange = {};
  if (min !== undefined) range.onOrBefore = latestBirthDateFor(today, min, part);
  if (max !== undefined) range.after = latestBirthDateFor(today, max + 1, part);
  return range;
}

/** Names src/core/search/expressions.ts reads. */
export const ADULT_AGE_YEARS = ADULT_AGE;
export type AgeUnit = DatePart;

/** Bounds of an age range as dates of birth: `dob <= upTo` is old enough, `dob > after` young enough; null = open. */
export function birthDateRange(today: IsoDate, min: number | null, max: number | null, unit: AgeUnit = 'years'): { upTo: IsoDate | null; after: IsoDate | null } {
  return {
    upTo: min === null ? null : latestBirthDateFor(today, min, unit),
    after: max === null ? null : latestBirthDateFor(today, max + 1, unit),
  };
}
