import { ADULT_AGE_YEARS, birthDateRange, type AgeUnit } from '../subjects/age';
import { and, type Fragment } from './sql';

/**
 * The derived fields of src/core/subjects/derive.ts as SQL over a subjects alias. Each is
 * true or false, never NULL, so NOT of it is the complement. `alias` is always a constant.
 */
export function reachable(alias: string, today: string): Fragment {
  return [`${alias}.opted_out_at IS NULL AND (${alias}.contact_exclusion_until_date IS NULL OR ${alias}.contact_exclusion_until_date < ?)`, [today]];
}

export function canEmail(alias: string, today: string): Fragment {
  return and([`${alias}.email IS NOT NULL`, []], reachable(alias, today));
}

export function canCall(alias: string, today: string): Fragment {
  return and([`${alias}.phone IS NOT NULL OR ${alias}.mobile_phone IS NOT NULL OR ${alias}.work_phone IS NOT NULL`, []], reachable(alias, today));
}

/** Has a birth date and an age in [min, max] (either end open) on `today`. */
export function ageBetween(alias: string, today: string, unit: AgeUnit, min: number | null, max: number | null): Fragment {
  const { upTo, after } = birthDateRange(today, min, max, unit);
  const parts: Fragment[] = [[`${alias}.date_of_birth IS NOT NULL`, []]];
  if (upTo !== null) parts.push([`${alias}.date_of_birth <= ?`, [upTo]]);
  if (after !== null) parts.push([`${alias}.date_of_birth > ?`, [after]]);
  return and(...parts);
}

export function isMinor(alias: string, today: string): Fragment {
  return ageBetween(alias, today, 'years', null, ADULT_AGE_YEARS - 1);
}

/** A phone column with the usual separators taken out, to match typed digits. */
export function phoneDigits(column: string): string {
  return `replace(replace(replace(replace(replace(replace(${column}, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')`;
}
