import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildCatalog, EMPTY_CATALOG, nameKey } from '../../../../src/core/participants/catalog';

/** The rule, written out independently: trim, collapse whitespace runs, lower-case. */
const expectedKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

describe('nameKey', () => {
  it.each([
    ['Age Group', 'age group'],
    ['  Age  Group ', 'age group'],
    ['AGE\tGROUP', 'age group'],
    ['age\n\n group', 'age group'],
    ['Age\u00a0Group', 'age group'],
    ['age group', 'age group'],
    ['', ''],
    ['   ', ''],
    ['Ärger', 'ärger'],
  ])('%j → %j', (name, key) => {
    expect(nameKey(name)).toBe(key);
  });

  it('gives a name and its re-cased, re-spaced variants the same key', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'B', 'c', 'Z', '1', 'é', 'Ö', '-'), minLength: 1, maxLength: 6 });
    const gap = fc.constantFrom(' ', '  ', '\t', ' \n ', '\u00a0');
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), gap, gap, (words, inner, outer) => {
        const name = words.join(' ');
        const variant = `${outer}${words.map((w) => w.toUpperCase()).join(inner)}${outer}`;
        expect(nameKey(variant)).toBe(nameKey(name));
        expect(nameKey(name.toLowerCase())).toBe(nameKey(name));
        expect(nameKey(nameKey(name))).toBe(nameKey(name));
      }),
    );
  });

  it('gives different keys to names that differ in more than case and spacing', () => {
    expect(nameKey('Age group')).not.toBe(nameKey('Agegroup'));
    expect(nameKey('18-24')).not.toBe(nameKey('18 - 24'));
  });

  it('answers the same on a second call (the cache never changes an answer)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 20 }), (name) => {
        const first = nameKey(name);
        expect(first).toBe(expectedKey(name));
        expect(nameKey(name)).toBe(first);
      }),
    );
  });

  it('stays right past 10,000 distinct names, for old names and new ones', () => {
    const names = Array.from({ length: 25_000 }, (_, i) => `${i % 2 ? ' ' : ''}Name ${i}  X${i % 7 ? '' : '\t'}`);
    const wrong: string[] = [];
    for (const name of names) if (nameKey(name) !== expectedKey(name)) wrong.push(name);
    // The first names were cached before the cache filled up; ask again in both orders.
    for (const name of names) if (nameKey(name) !== expectedKey(name)) wrong.push(name);
    for (const name of [...names].reverse()) if (nameKey(name) !== expectedKey(name)) wrong.push(name);
    expect(wrong).toEqual([]);
    expect(nameKey(names[0])).toBe('name 0 x');
    expect(nameKey(names[24_999])).toBe('name 24999 x');
  });
});

describe('buildCatalog', () => {
  const catalog = buildCatalog([
    { id: 1, name: 'Age  Group', exclusive: true, demographics: [{ id: 10, name: '18-24' }, { id: 11, name: ' Over 65 ' }] },
    { id: 2, name: 'Hobby', exclusive: false, demographics: [{ id: 20, name: 'Board Games' }] },
    { id: 3, name: 'Empty', exclusive: false, demographics: [] },
  ]);

  it('keys categories and demographics by nameKey and keeps the catalog spelling', () => {
    expect([...catalog.keys()]).toEqual(['age group', 'hobby', 'empty']);
    const age = catalog.get('age group');
    expect(age).toMatchObject({ id: 1, name: 'Age  Group', exclusive: true });
    expect([...age!.demographics.keys()]).toEqual(['18-24', 'over 65']);
    expect(age!.demographics.get('over 65')).toEqual({ id: 11, name: ' Over 65 ' });
    expect(catalog.get('hobby')!.demographics.get('board games')).toEqual({ id: 20, name: 'Board Games' });
    expect(catalog.get('hobby')!.exclusive).toBe(false);
    expect(catalog.get('empty')!.demographics.size).toBe(0);
  });

  it('finds entries through the key of any spelling', () => {
    expect(catalog.get(nameKey(' AGE group'))?.id).toBe(1);
    expect(catalog.get(nameKey('hobby'))?.demographics.get(nameKey('BOARD   games'))?.id).toBe(20);
    expect(catalog.get(nameKey('Age'))).toBeUndefined();
  });

  it('is empty for no categories, like EMPTY_CATALOG', () => {
    expect(buildCatalog([]).size).toBe(0);
    expect(EMPTY_CATALOG.size).toBe(0);
  });
});
