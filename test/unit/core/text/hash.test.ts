import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fnv1a } from '../../../../src/core/text/hash';

describe('fnv1a', () => {
  // Published FNV-1a 32-bit test vectors.
  it.each([
    ['', '811c9dc5'],
    ['a', 'e40c292c'],
    ['b', 'e70c2de5'],
    ['foobar', 'bf9cf968'],
  ])('%j → %s', (text, hash) => {
    expect(fnv1a(text)).toBe(hash);
  });

  it('pads to eight hex digits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(fnv1a(s)).toMatch(/^[0-9a-f]{8}$/);
      }),
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(fnv1a(s)).toBe(fnv1a(`${s}`));
      }),
    );
  });

  it('tells apart texts that differ in one character, in case, or in order', () => {
    expect(fnv1a('CREATE TABLE a')).not.toBe(fnv1a('CREATE TABLE b'));
    expect(fnv1a('abc')).not.toBe(fnv1a('ABC'));
    expect(fnv1a('ab')).not.toBe(fnv1a('ba'));
    expect(fnv1a('a')).not.toBe(fnv1a('a '));
  });

  it('hashes non-ASCII text by UTF-16 code unit, not ignoring the high byte', () => {
    expect(fnv1a('\u0161')).not.toBe(fnv1a('\u0061'));
    expect(fnv1a('😀')).not.toBe(fnv1a('😁'));
  });

  it('has no collisions among 20,000 short distinct texts', () => {
    const seen = new Map<string, string>();
    for (let i = 0; i < 20_000; i++) {
      const text = `step ${i}`;
      expect(seen.get(fnv1a(text))).toBeUndefined();
      seen.set(fnv1a(text), text);
    }
    expect(seen.size).toBe(20_000);
  });
});
