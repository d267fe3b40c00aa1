import type { ErrorDetail } from '../contract/errors';
import type { HouseholdInput } from '../contract/subjects';
import { cleanText } from './text';

export { HOUSEHOLD_FIELDS, type HouseholdField } from '../contract/vocabulary';
import { HOUSEHOLD_FIELDS, type HouseholdField } from '../contract/vocabulary';
export type HouseholdValues = Partial<Record<HouseholdField, string | null>>;

export const HOUSEHOLD_MAX_LENGTH: Record<HouseholdField, number> = { address: 255, city: 100, country: 100, state: 100, zip: 20 };

/** The household part of a subject body: which household to join (if any) and the fields to set. */
export interface HouseholdChange {
  id: number | null;
  values: HouseholdValues;
}

export function normaliseHousehold(input: HouseholdInput, errors: ErrorDetail[]): HouseholdChange {
  const values: HouseholdValues = {};
  for (const field of HOUSEHOLD_FIELDS) {
    if (!(field in input)) continue;
    const value = cleanText(input[field]);
    if (value !== null && value.length > HOUSEHOLD_MAX_LENGTH[field]) {
      errors.push({ field: `household.${field}`, message: `must be at most ${HOUSEHOLD_MAX_LENGTH[field]} characters` });
    }
    values[field] = value;
  }
  return { id: typeof input.id === 'number' ? input.id : null, values };
}

export function isBlankHousehold(values: HouseholdValues): boolean {
  return HOUSEHOLD_FIELDS.every((field) => values[field] === null || values[field] === undefined);
}

/**
 * Rule 3 of the interface: a child must be given a household that already has someone in
 * it, so no child is ever the only person in a household. `othersInHousehold` counts the
 * household's subjects other than the child.
 */
export function householdRuleProblem(isMinor: boolean, othersInHousehold: number): string | null {
  if (isMinor && othersInHousehold === 0) return 'a child must be given a household that already contains a subject';
  return null;
}
