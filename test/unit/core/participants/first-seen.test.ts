import { describe, expect, it } from 'vitest';
import { FirstSeen } from '../../../../src/core/participants/first-seen';

describe('FirstSeen', () => {
  it('records the first row of each key and answers it for every repeat', () => {
    const seen = new FirstSeen(4);
    expect(seen.firstOrAdd('a@x.de', 1)).toBeUndefined();
    expect(seen.firstOrAdd('b@x.de', 2)).toBeUndefined();
    expect(seen.firstOrAdd('a@x.de', 3)).toBe(1);
    expect(seen.firstOrAdd('a@x.de', 4)).toBe(1);
    expect(seen.firstOrAdd('b@x.de', 5)).toBe(2);
  });

  it('tells apart keys that differ only in case, accents or a character outside the BMP', () => {
    const seen = new FirstSeen(8);
    const keys = ['Müller', 'müller', 'Muller', 'ab😀', 'ab😁', '0001', '1'];
    keys.forEach((key, i) => expect(seen.firstOrAdd(key, i + 1)).toBeUndefined());
    keys.forEach((key, i) => expect(seen.firstOrAdd(key, 100)).toBe(i + 1));
  });

  it.each([50_000, 1])('stays exact over 50,000 keys when sized for %i (growing as needed)', (expected) => {
    const n = 50_000;
    const seen = new FirstSeen(expected);
    for (let i = 0; i < n; i++) expect(seen.firstOrAdd(`participant.${i}@example.com`, i + 1)).toBeUndefined();
    for (let i = 0; i < n; i += 997) expect(seen.firstOrAdd(`participant.${i}@example.com`, 0)).toBe(i + 1);
    // The key whose entry makes the table grow is recorded before it grows.
    for (let i = 8; i < n; i *= 2) expect(seen.firstOrAdd(`participant.${i}@example.com`, 0)).toBe(i + 1);
    expect(seen.firstOrAdd('participant.50000@example.com', 7)).toBeUndefined();
  });

  it('keeps any row number, including 0 and negatives, as given', () => {
    const seen = new FirstSeen(2);
    expect(seen.firstOrAdd('x', 0)).toBeUndefined();
    expect(seen.firstOrAdd('x', 9)).toBe(0);
    expect(seen.firstOrAdd('y', -3)).toBeUndefined();
    expect(seen.firstOrAdd('y', 9)).toBe(-3);
  });

  it('answers get without recording the key it was asked for', () => {
    const seen = new FirstSeen(4);
    seen.firstOrAdd('a', 3);
    expect(seen.get('a')).toBe(3);
    expect(seen.get('b')).toBeUndefined();
    expect(seen.firstOrAdd('b', 5)).toBeUndefined();
  });
});
