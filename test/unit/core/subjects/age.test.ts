import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ageOn, birthDateRange, isMinorOn, latestBirthDateFor } from '../../../../src/core/subjects/age';

describe('ageOn', () => {
  it('counts a year on the birthday, not the day before', () => {
    expect(ageOn('1987-06-15', '2025-06-14')).toBe(37);
    expect(ageOn('1987-06-15', '2025-06-15')).toBe(38);
  });

  it('lets someone born on 29 February turn older on 1 March in common years', () => {
    expect(ageOn('2008-02-29', '2025-02-28')).toBe(16);
    expect(ageOn('2008-02-29', '2025-03-01')).toBe(17);
    expect(ageOn('2008-02-29', '2024-02-29')).toBe(16);
  });

  it('counts months the same way', () => {
    expect(ageOn('2024-10-05', '2025-06-15', 'months')).toBe(8);
    expect(ageOn('2024-10-16', '2025-06-15', 'months')).toBe(7);
    expect(ageOn('2021-06-05', '2025-06-15', 'months')).toBe(48);
  });
});

describe('isMinorOn', () => {
  it('is true under 18 and false from the 18th birthday or without a birth date', () => {
    expect(isMinorOn('2007-06-16', '2025-06-15')).toBe(true);
    expect(isMinorOn('2007-06-15', '2025-06-15')).toBe(false);
    expect(isMinorOn(null, '2025-06-15')).toBe(false);
  });
});

const day = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('birth-date bounds, which the service turns into SQL', () => {
  it.each(['years', 'months'] as const)('age >= n exactly when dob <= latestBirthDateFor(n) (%s)', (unit) => {
    fc.assert(
      fc.property(day, day, fc.integer({ min: 0, max: unit === 'years' ? 120 : 1400 }), (a, b, n) => {
        const [dob, today] = a <= b ? [a, b] : [b, a];
        expect(ageOn(dob, today, unit) >= n).toBe(dob <= latestBirthDateFor(today, n, unit));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives a half-open range for [min, max]', () => {
    fc.assert(
      fc.property(day, day, fc.integer({ min: 0, max: 90 }), fc.integer({ min: 0, max: 30 }), (a, b, min, span) => {
        const [dob, today] = a <= b ? [a, b] : [b, a];
        const { upTo, after } = birthDateRange(today, min, min + span, 'years');
        const age = ageOn(dob, today);
        expect(age >= min && age <= min + span).toBe(dob <= (upTo as string) && dob > (after as string));
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves an open end as null', () => {
    expect(birthDateRange('2025-06-15', null, 17, 'years')).toEqual({ upTo: null, after: '2007-06-15' });
    expect(birthDateRange('2025-06-15', 30, null, 'years')).toEqual({ upTo: '1995-06-15', after: null });
  });
});
