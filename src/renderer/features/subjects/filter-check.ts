/**
 * What is wrong with the filters as typed, per field, before anything is searched: a search
 * over filters the person did not mean (an age of "abc" quietly left out, ages the wrong way
 * round) would show an answer to another question.
 */
import { parseIds } from './form';

/** The kinds of problem a filter field can have; each is one sentence in the catalogs. */
export type FilterProblem = 'age' | 'ageOrder' | 'date' | 'dateOrder' | 'ids';

export interface CheckedFilters {
  minAge: string;
  maxAge: string;
  createdAfter: string;
  createdBefore: string;
  demographicIds: string;
  locationIds: string;
}

/** Oldest age a person is searched by; beyond it a number is a typing mistake. */
export const MAX_AGE = 150;

/** An age as typed: its number, undefined when blank, null when it is no whole number of years. */
export function ageOf(text: string): number | null | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  return /^\d{1,3}$/.test(value) && Number(value) <= MAX_AGE ? Number(value) : null;
}

const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

/** The problem of each field that has one; an empty object when the filters can be searched. */
export function filterProblems(form: CheckedFilters): Partial<Record<keyof CheckedFilters, FilterProblem>> {
  const problems: Partial<Record<keyof CheckedFilters, FilterProblem>> = {};
  const min = ageOf(form.minAge);
  const max = ageOf(form.maxAge);
  if (min === null) problems.minAge = 'age';
  if (max === null) problems.maxAge = 'age';
  // Said beside "up to", where the person looks after typing the second bound.
  else if (typeof min === 'number' && typeof max === 'number' && min > max) problems.maxAge = 'ageOrder';
  const after = form.createdAfter.trim();
  const before = form.createdBefore.trim();
  if (after && !isDate(after)) problems.createdAfter = 'date';
  if (before && !isDate(before)) problems.createdBefore = 'date';
  else if (after && before && isDate(after) && before <= after) problems.createdBefore = 'dateOrder';
  if (parseIds(form.demographicIds) === null) problems.demographicIds = 'ids';
  if (parseIds(form.locationIds) === null) problems.locationIds = 'ids';
  return problems;
}
