import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildCatalog, EMPTY_CATALOG } from '../../../../src/core/participants/catalog';
import { resolveDemographics } from '../../../../src/core/participants/demographics';

const catalog = buildCatalog([
  { id: 1, name: 'Gender', exclusive: true, demographics: [{ id: 10, name: 'Female' }, { id: 11, name: 'Male' }] },
  { id: 2, name: 'Hobby  Kind', exclusive: false, demographics: [{ id: 20, name: 'Board Games' }, { id: 21, name: 'Golf' }, { id: 22, name: 'Chess' }] },
]);

const entry = (category: unknown, demographic: unknown, exclusive?: boolean) => ({
  demographic_category_name: category,
  demographic_name: demographic,
  ...(exclusive === undefined ? {} : { exclusive }),
});

describe('resolveDemographics: absent or empty', () => {
  it.each([['undefined', undefined], ['null', null], ['empty array', []]])('%s resolves to nothing, valid', (_why, input) => {
    expect(resolveDemographics(input, catalog)).toEqual({ demographics: [], demographicIds: [], valid: true });
  });

  it('answers fresh lists every time, so changing one participant’s lists cannot change another’s', () => {
    // Regression: absent demographics answered one shared (shallowly frozen) object whose arrays
    // every such participant then held, so a push onto one row's demographic_ids reached all rows.
    const first = resolveDemographics(undefined, catalog);
    first.demographics.push({ exclusive: false, demographic_name: 'x', demographic_category_name: 'y', demographic_category_id: null, demographic_id: null });
    first.demographicIds.push(99);
    for (const input of [undefined, null, []]) {
      const other = resolveDemographics(input, catalog);
      expect(other.demographics).toEqual([]);
      expect(other.demographicIds).toEqual([]);
      expect(other.demographics).not.toBe(first.demographics);
      expect(other.demographicIds).not.toBe(first.demographicIds);
    }
  });

  it.each([['a string', 'Gender: Female'], ['an object', { demographic_name: 'Female' }], ['a number', 3], ['true', true]])(
    'is invalid when the demographics are %s',
    (_why, input) => {
      expect(resolveDemographics(input, catalog)).toEqual({ demographics: [], demographicIds: [], valid: false });
    },
  );
});

describe('resolveDemographics: matching the catalog', () => {
  it('resolves case-insensitively and whitespace-tolerantly, with the catalog spelling and ids', () => {
    const result = resolveDemographics([entry(' hobby kind ', 'BOARD\tgames'), entry('GENDER', 'female')], catalog);
    expect(result.valid).toBe(true);
    expect(result.demographics).toEqual([
      { exclusive: false, demographic_name: 'Board Games', demographic_category_name: 'Hobby  Kind', demographic_category_id: 2, demographic_id: 20 },
      { exclusive: true, demographic_name: 'Female', demographic_category_name: 'Gender', demographic_category_id: 1, demographic_id: 10 },
    ]);
    expect(result.demographicIds).toEqual([20, 10]);
  });

  it('gives an unknown demographic in a known category a null demographic id, and stays valid', () => {
    const result = resolveDemographics([entry('gender', ' Diverse ')], catalog);
    expect(result).toEqual({
      valid: true,
      demographicIds: [],
      demographics: [{ exclusive: true, demographic_name: 'Diverse', demographic_category_name: 'Gender', demographic_category_id: 1, demographic_id: null }],
    });
  });

  it('gives an unknown category null ids, keeps the submitted (trimmed) spelling, and stays valid', () => {
    const result = resolveDemographics([entry('  Diet ', 'Vegan  Food')], catalog);
    expect(result).toEqual({
      valid: true,
      demographicIds: [],
      demographics: [{ exclusive: false, demographic_name: 'Vegan  Food', demographic_category_name: 'Diet', demographic_category_id: null, demographic_id: null }],
    });
  });

  it('does not find a demographic of one category under another', () => {
    const result = resolveDemographics([entry('Hobby Kind', 'Female')], catalog);
    expect(result.demographics[0]).toMatchObject({ demographic_category_id: 2, demographic_id: null });
    expect(result.demographicIds).toEqual([]);
  });

  it('accepts numbers as names, read as text', () => {
    const numeric = buildCatalog([{ id: 5, name: '2024', exclusive: false, demographics: [{ id: 50, name: '18' }] }]);
    expect(resolveDemographics([entry(2024, 18)], numeric)).toMatchObject({ valid: true, demographicIds: [50] });
  });
});

describe('resolveDemographics: invalid entries', () => {
  it.each([
    ['no category name', { demographic_name: 'Female' }],
    ['no demographic name', { demographic_category_name: 'Gender' }],
    ['blank category name', entry('  ', 'Female')],
    ['blank demographic name', entry('Gender', '')],
    ['null names', entry(null, null)],
    ['an object as a name', entry({ name: 'Gender' }, 'Female')],
    ['an array as a name', entry('Gender', ['Female'])],
    ['a string entry', 'Gender/Female'],
    ['a null entry', null],
    ['a number entry', 7],
    ['an array entry', ['Gender', 'Female']],
  ])('%s makes the demographics invalid, other entries still resolve', (_why, bad) => {
    const result = resolveDemographics([entry('Gender', 'Male'), bad], catalog);
    expect(result.valid).toBe(false);
    expect(result.demographicIds).toEqual([11]);
    expect(result.demographics).toHaveLength(1);
  });
});

describe('resolveDemographics: exclusivity and repeats', () => {
  it('is invalid for two different demographics in a category the catalog calls exclusive', () => {
    expect(resolveDemographics([entry('Gender', 'Female'), entry('gender', 'Male')], catalog).valid).toBe(false);
    expect(resolveDemographics([entry('Gender', 'Female'), entry('Gender', 'Other')], catalog).valid).toBe(false);
  });

  it('is invalid when the entry calls the category exclusive, whichever entry says so', () => {
    expect(resolveDemographics([entry('Hobby Kind', 'Golf', true), entry('Hobby Kind', 'Chess')], catalog).valid).toBe(false);
    expect(resolveDemographics([entry('Hobby Kind', 'Golf'), entry('Hobby Kind', 'Chess', true)], catalog).valid).toBe(false);
    expect(resolveDemographics([entry('Diet', 'Vegan', true), entry('diet', 'Vegetarian')], EMPTY_CATALOG).valid).toBe(false);
  });

  it('allows several demographics in a non-exclusive category', () => {
    const result = resolveDemographics([entry('Hobby Kind', 'Golf'), entry('Hobby Kind', 'Chess'), entry('hobby kind', 'board games')], catalog);
    expect(result).toMatchObject({ valid: true, demographicIds: [21, 22, 20] });
    expect(result.demographics.every((d) => d.exclusive === false)).toBe(true);
  });

  it('keeps the same demographic once, even in an exclusive category', () => {
    const result = resolveDemographics([entry('Gender', 'Female'), entry(' GENDER ', 'female '), entry('gender', 'FEMALE', true)], catalog);
    expect(result).toMatchObject({ valid: true, demographicIds: [10] });
    expect(result.demographics).toHaveLength(1);
  });

  it('keeps a repeated demographic once when it is not the first of its category', () => {
    // Regression: only the first demographic of each category was remembered, so Chess came out twice.
    const result = resolveDemographics([entry('Hobby Kind', 'Golf'), entry('Hobby Kind', 'Chess'), entry('hobby kind', 'chess')], catalog);
    expect(result.valid).toBe(true);
    expect(result.demographicIds).toEqual([21, 22]);
    expect(result.demographics.map((d) => d.demographic_name)).toEqual(['Golf', 'Chess']);
  });

  it('decides exclusivity regardless of the order of the entries', () => {
    // Regression: an exclusive flag on a repeated entry was ignored, so the order decided validity.
    const golf = entry('Diet', 'Golf');
    const golfExclusive = entry('Diet', 'Golf', true);
    const chess = entry('Diet', 'Chess');
    for (const order of [[golfExclusive, golf, chess], [golf, golfExclusive, chess], [chess, golf, golfExclusive], [golf, chess, golfExclusive]]) {
      expect(resolveDemographics(order, EMPTY_CATALOG).valid, JSON.stringify(order)).toBe(false);
    }
  });

  it('never resolves a demographic id twice and never throws on arbitrary entries', () => {
    const category = fc.constantFrom('Gender', 'gender ', 'Hobby Kind', 'Diet', '', null, 3);
    const demographic = fc.constantFrom('Female', 'male', 'Golf', 'CHESS', 'chess', '', null);
    const item = fc.oneof(
      { arbitrary: fc.record({ demographic_category_name: category, demographic_name: demographic, exclusive: fc.boolean() }, { requiredKeys: ['demographic_category_name', 'demographic_name'] }), weight: 4 },
      { arbitrary: fc.jsonValue(), weight: 1 },
    );
    const key = (text: string) => text.replace(/\s+/g, ' ').toLowerCase();
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), (entries) => {
        const result = resolveDemographics(entries, catalog);
        expect(new Set(result.demographicIds).size).toBe(result.demographicIds.length);
        const pairs = result.demographics.map((d) => `${key(d.demographic_category_name)}|${key(d.demographic_name)}`);
        expect(new Set(pairs).size).toBe(pairs.length);
        expect(result.demographics.length).toBeLessThanOrEqual(entries.length);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the same validity and ids whatever the order of the entries', () => {
    const category = fc.constantFrom('Gender', 'Hobby Kind', 'Diet');
    const demographic = fc.constantFrom('Female', 'male', 'Golf', 'chess');
    const item = fc.record({ demographic_category_name: category, demographic_name: demographic, exclusive: fc.boolean() });
    const permuted = fc.array(item, { maxLength: 6 }).chain((entries) =>
      fc.tuple(fc.constant(entries), fc.shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length })),
    );
    fc.assert(
      fc.property(permuted, ([entries, shuffled]) => {
        const a = resolveDemographics(entries, catalog);
        const b = resolveDemographics(shuffled, catalog);
        expect(b.valid).toBe(a.valid);
        expect([...b.demographicIds].sort()).toEqual([...a.demographicIds].sort());
      }),
      { numRuns: 1000 },
    );
  });

  it('agrees with a plain statement of the rules for short and long lists alike (a survey brings hundreds)', () => {
    // The rules as a specification: an entry without names is invalid; a category is exclusive
    // when the catalog or any of its entries says so, and then holds one distinct demographic
    // at most; each distinct demographic is kept once, at its first entry.
    const key = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
    const expected = (entries: { demographic_category_name: string; demographic_name: string; exclusive: boolean }[]) => {
      const kept = new Map<string, string>();
      const exclusive = new Set<string>();
      const distinct = new Map<string, Set<string>>();
      for (const e of entries) {
        const c = key(e.demographic_category_name);
        if (e.exclusive || catalog.get(c)?.exclusive) exclusive.add(c);
        (distinct.get(c) ?? distinct.set(c, new Set()).get(c)!).add(key(e.demographic_name));
        const pair = `${c}|${key(e.demographic_name)}`;
        if (!kept.has(pair)) kept.set(pair, pair);
      }
      const valid = [...exclusive].every((c) => distinct.get(c)!.size <= 1);
      return { valid, pairs: [...kept.keys()] };
    };
    const category = fc.constantFrom('Gender', 'Hobby Kind', 'Diet', 'Q1', 'q1 ', 'Q2', 'Q3', 'Q4');
    const demographic = fc.constantFrom('Female', 'male', 'Golf', 'chess', 'Yes', 'No', 'YES');
    const item = fc.record({ demographic_category_name: category, demographic_name: demographic, exclusive: fc.integer({ min: 0, max: 9 }).map((n) => n === 0) });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 60, size: 'max' }), (entries) => {
        const result = resolveDemographics(entries, catalog);
        const spec = expected(entries);
        expect(result.valid).toBe(spec.valid);
        expect(result.demographics.map((d) => `${key(d.demographic_category_name)}|${key(d.demographic_name)}`)).toEqual(spec.pairs);
      }),
      { numRuns: 1000 },
    );
  });
});
