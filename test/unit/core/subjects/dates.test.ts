import { describe, expect, it } from 'vitest';
import { addDays, daysInMonth, parseDate, parseInstant, parseTimestamp, shiftMonths, todayOf } from '../../../../src/core/subjects/dates';

describe('parseDate', () => {
  it.each([
    ['19850412', '1985-04-12'],
    ['1985-04-12', '1985-04-12'],
    ['20240229', '2024-02-29'],
    ['2000-02-29', '2000-02-29'],
  ])('reads %s as %s', (input, expected) => {
    expect(parseDate(input)).toBe(expected);
  });

  it('reads the eight digits sent as a JSON number', () => {
    expect(parseDate(20100131)).toBe('2010-01-31');
    expect(parseDate(2010013.1)).toBeNull();
  });

  it.each(['2023-02-29', '1900-02-29', '2025-13-01', '2025-04-31', '2025-00-10', '2025-1-5', '12.04.1985', '1985/04/12', '', 'tomorrow', '198504120'])('refuses %j', (input) => {
    expect(parseDate(input)).toBeNull();
  });
});

describe('parseTimestamp', () => {
  it.each([
    ['2025-01-02T10:30:00Z', '2025-01-02T10:30:00.000Z'],
    ['2025-01-02T10:30:00+02:00', '2025-01-02T08:30:00.000Z'],
    ['2025-01-02T00:30:00-0130', '2025-01-02T02:00:00.000Z'],
    ['2025-01-02 10:30Z', '2025-01-02T10:30:00.000Z'],
    ['2025-01-02T10:30:00.123456z', '2025-01-02T10:30:00.123Z'],
    ['2024-12-31T23:30:00-01:00', '2025-01-01T00:30:00.000Z'],
  ])('reads %s as %s', (input, expected) => {
    expect(parseTimestamp(input)).toBe(expected);
  });

  it.each(['2025-01-02T10:30:00', '2025-01-02', '2025-01-02T24:00:00Z', '2025-01-02T10:60:00Z', '2025-02-30T10:00:00Z', '2025-01-02T10:00:00+25:00', 'now'])(
    'refuses %j (a time needs a zone)',
    (input) => {
      expect(parseTimestamp(input)).toBeNull();
    },
  );
});

describe('parseInstant', () => {
  it('reads a date as its midnight in UTC and a timestamp as itself', () => {
    expect(parseInstant('2025-05-26')).toBe('2025-05-26T00:00:00.000Z');
    expect(parseInstant('20250526')).toBe('2025-05-26T00:00:00.000Z');
    expect(parseInstant('2025-05-26T11:00:00+02:00')).toBe('2025-05-26T09:00:00.000Z');
    expect(parseInstant('26/05/2025')).toBeNull();
  });
});

describe('calendar arithmetic', () => {
  it('takes the UTC day of an instant as today', () => {
    expect(todayOf(new Date('2025-06-15T23:59:59-05:00'))).toBe('2025-06-16');
  });

  it('moves by days across months, years and leap days', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-06-15', -190)).toBe('2024-12-07');
  });

  it('moves by months, keeping the day where the month has it and the last day where not', () => {
    expect(shiftMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(shiftMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(shiftMonths('2025-01-15', -13)).toBe('2023-12-15');
    expect(shiftMonths('2024-02-29', -12)).toBe('2023-02-28');
  });

  it('knows month lengths', () => {
    expect([daysInMonth(2024, 2), daysInMonth(2023, 2), daysInMonth(1900, 2), daysInMonth(2000, 2), daysInMonth(2025, 4), daysInMonth(2025, 12)]).toEqual([29, 28, 28, 29, 30, 31]);
  });
});
