import { describe, expect, it } from 'vitest';
import { deriveFields, isContactExcludedOn, type ContactFacts } from '../../../../src/core/subjects/derive';

const TODAY = '2025-06-15';
const reachable: ContactFacts = {
  email: 'a@example.com',
  phone: '555-0100',
  mobile_phone: null,
  work_phone: null,
  opted_out_at: null,
  contact_exclusion_until_date: null,
  date_of_birth: '1990-01-01',
  consented_at: null,
};

describe('deriveFields', () => {
  it('reads age, adulthood and consent off the record', () => {
    expect(deriveFields({ ...reachable, consented_at: '2025-01-01T00:00:00.000Z' }, TODAY)).toEqual({ age: 35, is_minor: false, consented: true, can_email: true, can_call: true });
    expect(deriveFields({ ...reachable, date_of_birth: null }, TODAY)).toMatchObject({ age: null, is_minor: false, consented: false });
    expect(deriveFields({ ...reachable, date_of_birth: '2010-01-01' }, TODAY)).toMatchObject({ age: 15, is_minor: true });
  });

  it('needs an address to e-mail and any phone number to call', () => {
    expect(deriveFields({ ...reachable, email: null }, TODAY)).toMatchObject({ can_email: false, can_call: true });
    expect(deriveFields({ ...reachable, phone: null }, TODAY)).toMatchObject({ can_email: true, can_call: false });
    expect(deriveFields({ ...reachable, phone: null, work_phone: '555-0300' }, TODAY).can_call).toBe(true);
    expect(deriveFields({ ...reachable, phone: null, mobile_phone: '555-0200' }, TODAY).can_call).toBe(true);
  });

  it('reaches nobody who opted out or is excluded today', () => {
    expect(deriveFields({ ...reachable, opted_out_at: '2025-01-01T00:00:00.000Z' }, TODAY)).toMatchObject({ can_email: false, can_call: false });
    expect(deriveFields({ ...reachable, contact_exclusion_until_date: TODAY }, TODAY)).toMatchObject({ can_email: false, can_call: false });
    expect(deriveFields({ ...reachable, contact_exclusion_until_date: '2025-06-14' }, TODAY)).toMatchObject({ can_email: true, can_call: true });
  });
});

describe('isContactExcludedOn', () => {
  it('counts the exclusion date itself', () => {
    expect(isContactExcludedOn('2025-06-15', TODAY)).toBe(true);
    expect(isContactExcludedOn('2025-07-01', TODAY)).toBe(true);
    expect(isContactExcludedOn('2025-06-14', TODAY)).toBe(false);
    expect(isContactExcludedOn(null, TODAY)).toBe(false);
  });
});
