import { describe, expect, it } from 'vitest';
import type { ErrorDetail } from '../../../../src/core/contract/errors';
import { householdRuleProblem, isBlankHousehold, normaliseHousehold } from '../../../../src/core/subjects/households';

describe('household rule 3', () => {
  it('refuses a child alone and allows a child with someone, and any adult', () => {
    expect(householdRuleProblem(true, 0)).toMatch(/child/);
    expect(householdRuleProblem(true, 1)).toBeNull();
    expect(householdRuleProblem(false, 0)).toBeNull();
  });
});

describe('normaliseHousehold', () => {
  it('trims, stores blanks as null, keeps only the fields sent, and takes the id', () => {
    const errors: ErrorDetail[] = [];
    expect(normaliseHousehold({ id: 7, address: ' 1 Oak Road ', city: '', zip: null }, errors)).toEqual({ id: 7, values: { address: '1 Oak Road', city: null, zip: null } });
    expect(normaliseHousehold({}, errors)).toEqual({ id: null, values: {} });
    expect(errors).toEqual([]);
  });

  it('names each field that is too long', () => {
    const errors: ErrorDetail[] = [];
    normaliseHousehold({ zip: '1'.repeat(21), city: 'c'.repeat(101), state: 's'.repeat(100) }, errors);
    expect(errors.map((e) => e.field)).toEqual(['household.city', 'household.zip']);
  });
});

describe('isBlankHousehold', () => {
  it('is true when every field is empty (rule 2 allows it)', () => {
    expect(isBlankHousehold({})).toBe(true);
    expect(isBlankHousehold({ address: null, city: null })).toBe(true);
    expect(isBlankHousehold({ zip: '1' })).toBe(false);
  });
});
