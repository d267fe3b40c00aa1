import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySure, catalogSuggester, CategoryMatcher, rangeOf, suggestFixes } from '../../../../src/core/suggestions';
import { saidFix } from '../../../support/words';

const GENDER = ['Female', 'Male', 'Diverse'];
const AGE = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'];
const CATALOG = [
  { name: 'Gender', values: GENDER },
  { name: 'Age Group', values: AGE },
  { name: 'Size', values: ['S', 'M', 'L'] },
];

describe('matching a value to the event catalog', () => {
  const gender = new CategoryMatcher('Gender', GENDER);
  const age = new CategoryMatcher('Age Group', AGE);

  it.each([
    ['female', 'same'], ['  FEMALE ', 'same'], ['Weiblich', 'word'], ['weiblich', 'word'], ['w', 'word'], ['F', 'word'], ['femme', 'word'], ['Féminin', 'word'],
    ['mujer', 'word'], ['Frau', 'word'], ['weibl.', 'word'],
  ])('%j is Female (%s)', (written, how) => expect(gender.match(written)).toEqual({ to: 'Female', how }));

  it.each(['male', 'männlich', 'Maennlich', 'm', 'M', 'homme', 'hombre', 'H', 'masculino', 'Varón'])('%j is Male', (written) => expect(gender.match(written)?.to).toBe('Male'));

  it.each(['divers', 'd', 'non-binary', 'no binario'])('%j is Diverse', (written) => expect(gender.match(written)?.to).toBe('Diverse'));

  it.each([
    ['18 - 24', '18-24'], ['18–24', '18-24'], ['18 to 24', '18-24'], ['18 bis 24', '18-24'], ['25 à 34', '25-34'], ['35 a 44', '35-44'],
    ['65 +', '65+'], ['65 und älter', '65+'], ['65 et plus', '65+'], ['65 y más', '65+'], ['over 65', '65+'], ['65 and over', '65+'],
  ])('the range %j is %s', (written, to) => expect(age.match(written)).toMatchObject({ to }));

  it.each(['30-40', '20-30', '18-34', '60+', '65-70', '24-18', '40'])('never places %j in a range it does not equal', (written) => expect(age.match(written)).toBeNull());

  it('reads a short form only where the category is about it', () => {
    const size = new CategoryMatcher('Size', ['S', 'M', 'L']);
    expect(size.match('male')).toBeNull();
    expect(size.match('m')).toEqual({ to: 'M', how: 'same' });
    // A catalog of one-letter values is about gender when the category's name says so.
    const letters = new CategoryMatcher('Geschlecht', ['W', 'M', 'D']);
    expect(letters.match('weiblich')?.to).toBe('W');
    expect(letters.match('homme')?.to).toBe('M');
    expect(letters.match('female')?.to).toBe('W');
  });

  it('answers nothing where two catalog values mean the same thing', () => {
    const twice = new CategoryMatcher('Gender', ['Female', 'Woman', 'Male']);
    expect(twice.match('weiblich')).toBeNull();
    expect(twice.match('homme')?.to).toBe('Male');
  });

  it('reads yes and no in four languages only in a category that has them', () => {
    const consent = new CategoryMatcher('Consent', ['Yes', 'No']);
    expect(['ja', 'oui', 'sí', 'j', 'y'].map((v) => consent.match(v)?.to)).toEqual(['Yes', 'Yes', 'Yes', 'Yes', 'Yes']);
    expect(['nein', 'non', 'n'].map((v) => consent.match(v)?.to)).toEqual(['No', 'No', 'No']);
    expect(rangeOf('18 - 24')).toEqual({ low: 18, high: 24 });
  });
});

describe('demographics:<category> suggestions', () => {
  const suggester = catalogSuggester(CATALOG);
  const row = (gender: string, age: string) => ({
    name: 'Ana', email: 'ana@example.org', demographics: [{ demographic_category_name: 'Gender', demographic_name: gender }, { demographic_category_name: 'Age Group', demographic_name: age }],
  });

  it('suggests the catalog value for each value a synonym, abbreviation or range names', () => {
    const [suggestions] = suggestFixes([row('Weiblich', '18 - 24')], { demographics: suggester });
    expect(suggestions.map((s) => [s.field, s.from, s.to, s.sure])).toEqual([
      ['demographics:Gender', 'Weiblich', ['Female'], true],
      ['demographics:Age Group', '18 - 24', ['18-24'], true],
    ]);
    expect(saidFix(suggestions[0].reason)).toContain('“Female”');
  });

  it('says nothing of a value the service matches, nor of one it would have to guess', () => {
    const [suggestions] = suggestFixes([row('female', '30-40')], { demographics: suggester });
    expect(suggestions).toEqual([]);
  });

  it('offers the value a person chose before for this event', () => {
    const remembered = catalogSuggester(CATALOG, [{ category: 'age group', value: '30-40', target: '35-44' }]);
    const [suggestions] = suggestFixes([row('female', '30-40')], { demographics: remembered });
    expect(suggestions.map((s) => [s.from, s.to])).toEqual([['30-40', ['35-44']]]);
    expect(saidFix(suggestions[0].reason)).toContain('before');
  });

  it('suggests nothing for a category the catalog does not have', () => {
    const rows = [{ name: 'A', email: 'a@example.org', demographics: [{ demographic_category_name: 'Diet', demographic_name: 'veggie' }] }];
    expect(suggestFixes(rows, { demographics: suggester })[0]).toEqual([]);
  });

  const written = fc.oneof(
    fc.constantFrom('Weiblich', 'w', 'F', 'femme', 'mujer', 'männlich', 'm', 'H', 'hombre', 'divers', 'x', '18 - 24', '65 +', '30-40', '20 bis 29', 'M', 's', 'L ', 'xl'),
    fc.tuple(fc.integer({ min: 10, max: 80 }), fc.integer({ min: 0, max: 20 }), fc.constantFrom('-', ' - ', ' to ', ' bis ', '–')).map(([low, span, sep]) => `${low}${sep}${low + span}`),
    fc.integer({ min: 10, max: 80 }).map((low) => `${low} +`),
    fc.string({ maxLength: 8 }),
  );
  const category = fc.constantFrom(...CATALOG.map((c) => c.name));

  it('suggests only values of the catalog, never a range it does not equal, and applying them leaves nothing to suggest', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(category, written), { minLength: 1, maxLength: 6 }), (entries) => {
        const rows = [{ name: 'A', email: 'a@example.org', demographics: entries.map(([c, v]) => ({ demographic_category_name: c, demographic_name: v })) }];
        const [suggestions] = suggestFixes(rows, { demographics: suggester });
        for (const s of suggestions) {
          const values = CATALOG.find((c) => `demographics:${c.name}` === s.field)!.values;
          expect(s.to).toHaveLength(1);
          expect(values).toContain(s.to[0]);
          const from = rangeOf(s.from);
          const to = rangeOf(s.to[0]);
          if (from && to) expect(from).toEqual(to);
        }
        const fixed = applySure(rows[0], suggestions);
        expect(suggestFixes([fixed], { demographics: suggester })[0]).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
