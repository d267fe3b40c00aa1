import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { textOf } from '../../../../src/core/participants/text';

describe('textOf', () => {
  it.each([
    ['plain text', 'Ada', 'Ada'],
    ['text is trimmed', '  Ada Lovelace \t\n', 'Ada Lovelace'],
    ['inner whitespace is kept', 'Ada  \t Lovelace', 'Ada  \t Lovelace'],
    ['non-breaking and ideographic spaces are trimmed', '\u00a0Ada\u3000', 'Ada'],
    ['blank text', '   ', ''],
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['integer', 4567, '4567'],
    ['integer written with .0 in JSON', JSON.parse('4567.0'), '4567'],
    ['integer written with an exponent in JSON', JSON.parse('4.567e3'), '4567'],
    ['zero', 0, '0'],
    ['negative zero', -0, '0'],
    ['negative integer', -42, '-42'],
    ['largest safe integer', Number.MAX_SAFE_INTEGER, '9007199254740991'],
    ['1e20', 1e20, '100000000000000000000'],
    ['1e21 (where String() switches to exponents)', 1e21, '1000000000000000000000'],
    ['-1e21', -1e21, '-1000000000000000000000'],
    ['2^70', 2 ** 70, '1180591620717411303424'],
    ['fraction', 12.5, '12.5'],
    ['bigint', 12345678901234567890n, '12345678901234567890'],
    ['true', true, 'true'],
    ['false', false, 'false'],
  ])('%s', (_why, input, expected) => {
    expect(textOf(input)).toBe(expected);
  });

  it.each([
    ['object', { a: 1 }],
    ['array', ['a']],
    ['empty array', []],
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['-Infinity', -Infinity],
    ['function', () => 'x'],
    ['symbol', Symbol('x')],
  ])('is null for a %s', (_why, input) => {
    expect(textOf(input)).toBeNull();
  });

  it('writes every finite integer without decimal point or exponent, exactly', () => {
    const integers = fc.oneof(
      fc.integer(),
      fc.maxSafeInteger(),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(Math.trunc),
      fc.integer({ min: 0, max: 308 }).map((e) => Number(`1e${e}`)),
    );
    fc.assert(
      fc.property(integers, (n) => {
        const text = textOf(n);
        expect(text).toMatch(/^-?\d+$/);
        expect(BigInt(text as string)).toBe(BigInt(n));
        expect(Number(text)).toBe(n === 0 ? 0 : n);
      }),
    );
  });

  it('returns trimmed text for any string and never changes its inside', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite' }), (s) => {
        expect(textOf(s)).toBe(s.trim());
        expect(textOf(textOf(s))).toBe(textOf(s));
      }),
    );
  });

  it('is text or null, never throwing, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = textOf(value);
        expect(text === null || typeof text === 'string').toBe(true);
        expect(text === null).toBe(typeof value === 'object' && value !== null);
      }),
    );
  });
});
