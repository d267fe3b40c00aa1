import { describe, expect, it } from 'vitest';
import {
  cellText, columnLetter, filledCount, hasInvisibleCharacter, isBlankCell, isBlankRow, looksLikeDate, looksLikeEmail,
  looksLikeCutDigits, looksLikeNumber, looksLikeScientific,
} from '../../../../src/core/intake/cells';

describe('cellText and blank cells', () => {
  it.each([
    ['text', 'text'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [42, '42'],
    [true, 'true'],
    [12n, '12'],
    [{ v: 1 }, ''],
    [['a'], ''],
  ])('%s reads as %j', (cell, text) => {
    expect(cellText(cell)).toBe(text);
  });

  it.each([[''], ['   '], ['\t\r\n'], [null], [undefined], ['\u00a0']])('%j is blank', (cell) => {
    expect(isBlankCell(cell)).toBe(true);
  });

  it.each([['x'], [' 0 '], [0], [false], ['\u200b']])('%j is not blank', (cell) => {
    expect(isBlankCell(cell)).toBe(false);
  });

  it('counts filled cells and tells blank rows', () => {
    expect(filledCount(['a', '', ' ', null, 0, 'b'])).toBe(3);
    expect(filledCount(undefined)).toBe(0);
    expect(isBlankRow(['', ' ', null])).toBe(true);
    expect(isBlankRow([])).toBe(true);
    expect(isBlankRow(null)).toBe(true);
    expect(isBlankRow('not a row' as unknown as string[])).toBe(true);
    expect(isBlankRow(['', 'x'])).toBe(false);
  });
});

describe('what a value looks like', () => {
  it.each(['ada@example.com', ' ada.l+test@mail.example.co.uk ', 'x@y.z'])('%j looks like an e-mail', (text) => {
    expect(looksLikeEmail(text)).toBe(true);
  });

  it.each(['E-mail', 'ada@example', '@example.com', 'ada @example.com', 'ada@exa mple.com', ''])('%j does not look like an e-mail', (text) => {
    expect(looksLikeEmail(text)).toBe(false);
  });

  it.each(['42', '-3.5', '+7', '1,234.50', '1.234,5', "1'234", '1 234 567', '12 %', '12%', '1.2E+11', '4.567e3', '0012'])('%j looks like a number', (text) => {
    expect(looksLikeNumber(text)).toBe(true);
  });

  it.each(['12a', 'A-3', '1,2,3', '--5', '', '+49 170 1234567', '1.2.2024'])('%j does not look like a number', (text) => {
    expect(looksLikeNumber(text)).toBe(false);
  });

  it.each(['1.23457E+12', '4.567e3', '1E+5', '-2,5E-3'])('%j is scientific notation', (text) => {
    expect(looksLikeScientific(text)).toBe(true);
  });

  it.each(['4567', '12e', 'E-01', 'Ernie', '1.2.3E4', '12E+3 units'])('%j is not scientific notation', (text) => {
    expect(looksLikeScientific(text)).toBe(false);
  });

  it.each(['2024-03-15', '2024-3-5', '2024-03-15 14:30', '2024-03-15T14:30:00', '15.03.2024', '3/15/24', '15-03-2024, 9:00', '14:30', '2:30 pm'])(
    '%j looks like a date or time',
    (text) => {
      expect(looksLikeDate(text)).toBe(true);
    },
  );

  it.each(['25-34', '2024', 'March', '1.5', '15.03', ''])('%j does not look like a date', (text) => {
    expect(looksLikeDate(text)).toBe(false);
  });

  it.each(['a\u200bb@example.com', 'ada@example.com\u0000', 'tab\there', '\ufeffada', 'x\u2060y', 'del\u007f'])('%j holds an invisible character', (text) => {
    expect(hasInvisibleCharacter(text)).toBe(true);
  });

  it.each(['ada@example.com', 'Zoë Ünal', 'non\u00a0breaking', ''])('%j holds none', (text) => {
    expect(hasInvisibleCharacter(text)).toBe(false);
  });
});

describe('columnLetter', () => {
  it.each([[0, 'A'], [1, 'B'], [25, 'Z'], [26, 'AA'], [27, 'AB'], [51, 'AZ'], [52, 'BA'], [701, 'ZZ'], [702, 'AAA'], [16383, 'XFD']])(
    'column %i is %s',
    (index, letter) => {
      expect(columnLetter(index)).toBe(letter);
    },
  );

  it('reads a negative or fractional index as the nearest column at or after A', () => {
    expect(columnLetter(-3)).toBe('A');
    expect(columnLetter(2.7)).toBe('C');
  });
});

describe('looksLikeCutDigits', () => {
  it.each(['12345678901234600000', '-1234567890123450', '1000000000000000', ' 12345678901234500000 '])('%j lost digits past the 15th', (text) => {
    expect(looksLikeCutDigits(text)).toBe(true);
  });

  it.each(['123456789012345', '1234567890123456', '12345678901234567890', '0000000000000000123', '1234567890123450 x', '1.23457E+19', ''])('%j did not', (text) => {
    expect(looksLikeCutDigits(text)).toBe(false);
  });
});
