import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LOCALES, type ParsedParticipant } from '../../../../src/core/contract/imports';
import { isValidEmail } from '../../../../src/core/participants/email';
import { buildCatalog } from '../../../../src/core/participants/catalog';
import {
  markDuplicates, MAX_LENGTH, parseParticipant, parseParticipants, summarize, type ParticipantDirectory,
} from '../../../../src/core/participants/parser';

const ada = { external_id: 'A-1', name: 'Ada Lovelace', email: 'ada@example.com', locale: 'en_GB', note: 'first', demographics: [] };
const parse = (input: unknown) => parseParticipant(input, 1);
const invalidOf = (overrides: Record<string, unknown>) => parse({ ...ada, ...overrides }).invalid_fields;

/** The interface document's parsed-participant fields, plus the duplicate_of_row extension. */
const FIELDS = ['name', 'note', 'email', 'locale', 'external_id', 'demographics', 'row_number', 'demographic_ids',
  'invalid_fields', 'participant_id', 'match_field', 'duplicate_of_row', 'identity_conflict'];

describe('parseParticipant: shape', () => {
  it('has exactly the interface’s fields, with the interpreted values', () => {
    const parsed = parseParticipant({ ...ada, name: '  Ada Lovelace ', locale: 'en-gb' }, 7);
    expect(Object.keys(parsed).sort()).toEqual([...FIELDS].sort());
    expect(parsed).toEqual({
      name: 'Ada Lovelace', note: 'first', email: 'ada@example.com', locale: 'en_GB', external_id: 'A-1',
      demographics: [], row_number: 7, demographic_ids: [], invalid_fields: [],
      participant_id: null, match_field: null, duplicate_of_row: null, identity_conflict: null,
    });
  });

  it('has the same fields for invalid and non-object input', () => {
    for (const input of [{}, null, 'Ada', 42, [ada], { name: { x: 1 }, email: [], locale: {}, note: {}, external_id: {}, demographics: 'x' }]) {
      expect(Object.keys(parse(input)).sort()).toEqual([...FIELDS].sort());
    }
  });
});

describe('parseParticipant: required fields and e-mail', () => {
  it('needs only name and email', () => {
    expect(parse({ name: 'Ada', email: 'ada@example.com' }).invalid_fields).toEqual([]);
  });

  it.each([
    [{ name: '', email: '' }, ['name', 'email']],
    [{ name: '   ', email: ' \t ' }, ['name', 'email']],
    [{ name: null, email: null }, ['name', 'email']],
    [{ name: undefined, email: 'ada@example.com' }, ['name']],
    [{ name: 'Ada', email: 'not an address' }, ['email']],
    [{ name: 'Ada', email: 'ada@localhost' }, ['email']],
    [{ name: 'Ada', email: 'ada..l@example.com' }, ['email']],
    [{ name: { first: 'Ada' }, email: 'ada@example.com' }, ['name']],
    [{ name: 'Ada', email: ['ada@example.com'] }, ['email']],
  ])('%j → invalid %j', (fields, invalid) => {
    const { name: _n, email: _e, ...rest } = ada;
    expect(parse({ ...rest, ...fields }).invalid_fields).toEqual(invalid);
  });

  it('trims the e-mail before checking it and keeps its case', () => {
    const parsed = parse({ ...ada, email: '  Ada@Example.COM\n' });
    expect(parsed.invalid_fields).toEqual([]);
    expect(parsed.email).toBe('Ada@Example.COM');
  });

  it.each([null, undefined, 'Ada', 42, true, [], [ada]])('a non-object participant %j is invalid (name, email)', (input) => {
    const parsed = parse(input);
    expect(parsed.invalid_fields).toEqual(['name', 'email']);
    expect(parsed).toMatchObject({ name: '', email: '', external_id: '', note: '', locale: 'en_US', demographics: [] });
  });
});

describe('parseParticipant: locale', () => {
  it.each([
    [undefined, 'en_US'], [null, 'en_US'], ['', 'en_US'], ['  ', 'en_US'],
    ['de-de', 'de_DE'], ['DE_de', 'de_DE'], [' pt-BR ', 'pt_BR'], ['en_US', 'en_US'],
  ])('%j is read as %s', (locale, expected) => {
    const parsed = parse({ ...ada, locale });
    expect(parsed.locale).toBe(expected);
    expect(parsed.invalid_fields).toEqual([]);
  });

  it.each(['de', 'de_AT', 'english', 'en_US_x', 'de DE', 5, true, { locale: 'de_DE' }, ['de_DE']])('%j is invalid (locale)', (locale) => {
    expect(invalidOf({ locale })).toEqual(['locale']);
  });
});

describe('parseParticipant: external_id, lengths and note', () => {
  it.each([
    [4567, '4567'], [4567.0, '4567'], [1e21, '1000000000000000000000'], [-12, '-12'], [0, '0'],
    ['  X-9 ', 'X-9'], ['', ''], [null, ''], [undefined, ''],
  ])('external_id %j → %j', (externalId, expected) => {
    const parsed = parse({ ...ada, external_id: externalId });
    expect(parsed.external_id).toBe(expected);
    expect(parsed.invalid_fields).toEqual([]);
  });

  it.each([{ a: 1 }, [1], NaN, Infinity])('external_id %j is invalid', (externalId) => {
    expect(invalidOf({ external_id: externalId })).toEqual(['external_id']);
  });

  it.each([
    ['external_id', MAX_LENGTH.external_id, 255],
    ['name', MAX_LENGTH.name, 255],
    ['note', MAX_LENGTH.note, 10_000],
  ] as const)('%s may have %i characters, not one more', (field, max, documented) => {
    expect(max).toBe(documented);
    expect(invalidOf({ [field]: 'x'.repeat(max) })).toEqual([]);
    expect(invalidOf({ [field]: ` ${'x'.repeat(max)} ` })).toEqual([]);
    expect(invalidOf({ [field]: 'x'.repeat(max + 1) })).toEqual([field]);
    expect(parse({ ...ada, [field]: 'x'.repeat(max + 1) })[field]).toHaveLength(max + 1); // not truncated
  });

  it('keeps a note as written inside, trims it, and rejects an object', () => {
    expect(parse({ ...ada, note: '  line 1\n\nline 2  ' }).note).toBe('line 1\n\nline 2');
    expect(parse({ ...ada, note: null }).note).toBe('');
    expect(invalidOf({ note: { text: 'x' } })).toEqual(['note']);
  });

  it('lists every invalid field, in the order of the properties', () => {
    const parsed = parse({ external_id: {}, name: '', email: 'x', locale: 'zz', note: [], demographics: [{ demographic_name: 'a' }] });
    expect(parsed.invalid_fields).toEqual(['external_id', 'name', 'email', 'locale', 'note', 'demographics']);
  });
});

describe('parseParticipant: demographics', () => {
  const catalog = buildCatalog([{ id: 3, name: 'Gender', exclusive: true, demographics: [{ id: 30, name: 'Female' }, { id: 31, name: 'Male' }] }]);

  it('resolves entries against the catalog and lists the resolved ids', () => {
    const parsed = parseParticipant({ ...ada, demographics: [{ demographic_category_name: 'gender', demographic_name: ' FEMALE' }, { demographic_category_name: 'Pet', demographic_name: 'Cat' }] }, 1, { catalog });
    expect(parsed.invalid_fields).toEqual([]);
    expect(parsed.demographic_ids).toEqual([30]);
    expect(parsed.demographics).toEqual([
      { exclusive: true, demographic_name: 'Female', demographic_category_name: 'Gender', demographic_category_id: 3, demographic_id: 30 },
      { exclusive: false, demographic_name: 'Cat', demographic_category_name: 'Pet', demographic_category_id: null, demographic_id: null },
    ]);
  });

  it('gives every row its own lists, so editing one row leaves the others alone', () => {
    const [a, b] = parseParticipants([ada, { name: 'Bo', email: 'bo@example.com' }], { catalog });
    a.demographic_ids.push(30);
    a.demographics.push({ exclusive: true, demographic_name: 'Female', demographic_category_name: 'Gender', demographic_category_id: 3, demographic_id: 30 });
    a.invalid_fields.push('note');
    expect(b).toMatchObject({ demographic_ids: [], demographics: [], invalid_fields: [] });
    expect(parse({ ...ada, demographics: null })).toMatchObject({ demographic_ids: [], demographics: [] });
  });

  it.each([
    ['an entry without a demographic name', [{ demographic_category_name: 'Gender' }]],
    ['two demographics of an exclusive category', [{ demographic_category_name: 'Gender', demographic_name: 'Female' }, { demographic_category_name: 'Gender', demographic_name: 'Male' }]],
    ['demographics that are not a list', { Gender: 'Female' }],
  ])('%s is invalid (demographics)', (_why, demographics) => {
    expect(parseParticipant({ ...ada, demographics }, 1, { catalog }).invalid_fields).toEqual(['demographics']);
  });
});

describe('parseParticipant: matching existing participants', () => {
  const directory: ParticipantDirectory = {
    idByExternalId: (id) => new Map([['A-1', 100], ['4567', 101]]).get(id),
    idsByEmailKey: (key) => new Map([['ada@example.com', [200]], ['bob@example.com', [201]]]).get(key) ?? [],
    // Ada (200) has no external id; Bob (201) is B-7.
    externalIdOf: (id) => (id === 201 ? 'B-7' : ''),
  };
  const match = (input: object) => {
    const { participant_id, match_field } = parseParticipant(input, 1, { directory });
    return { participant_id, match_field };
  };

  it.each([
    ['external id before e-mail', { external_id: 'A-1', email: 'bob@example.com' }, 100, 'external_id'],
    ['numeric external id, as text', { external_id: 4567, email: 'nobody@example.com' }, 101, 'external_id'],
    ['e-mail when the external id is unknown and the e-mail’s participant has none', { external_id: 'Z-9', email: 'ada@example.com' }, 200, 'email'],
    ['not the e-mail of a participant with another external id', { external_id: 'Z-9', email: 'bob@example.com' }, null, null],
    ['e-mail when there is no external id', { email: 'bob@example.com' }, 201, 'email'],
    ['e-mail without regard to case or padding', { email: ' ADA@Example.com ' }, 200, 'email'],
    ['nothing for a new participant', { external_id: 'Z-9', email: 'new@example.com' }, null, null],
    ['nothing for blank identities', { external_id: '', email: '' }, null, null],
  ])('%s', (_why, identity, participantId, matchField) => {
    expect(match({ name: 'X', ...identity })).toEqual({ participant_id: participantId, match_field: matchField });
  });

  it('says when a row’s e-mail belongs to a participant with another external id', () => {
    expect(parseParticipant({ name: 'X', external_id: 'Z-9', email: 'bob@example.com' }, 1, { directory }).identity_conflict).toBe('email_of_another_person');
    expect(parseParticipant({ name: 'X', email: 'bob@example.com' }, 1, { directory }).identity_conflict).toBeNull();
    expect(parseParticipant({ name: 'X', external_id: 'Z-9', email: 'ada@example.com' }, 1, { directory }).identity_conflict).toBeNull();
  });
});

describe('duplicates within a payload', () => {
  const rows = (identities: [unknown, unknown][]) => parseParticipants(identities.map(([external_id, email]) => ({ name: 'X', external_id, email })));

  it('points a repeated external id, else e-mail, at the earliest earlier row', () => {
    const parsed = rows([
      ['A', 'a@example.com'], // 1
      ['B', 'b@example.com'], // 2
      ['A', 'other@example.com'], // 3: external id of 1
      ['C', 'B@EXAMPLE.com'], // 4: e-mail of 2, without regard to case
      ['B', 'a@example.com'], // 5: external id of 2 wins over the e-mail of 1
      ['', 'c@example.com'], // 6
      ['', 'c@example.com'], // 7: e-mail of 6
      [4567, ''], // 8
      ['4567', 'x@example.com'], // 9: the same external id as text
      ['', ''], // 10: blank identities repeat nothing
      ['', ''], // 11
      ['D', 'c@example.com'], // 12: e-mail of 6, not 7
    ]);
    expect(parsed.map((p) => p.duplicate_of_row)).toEqual([null, null, 1, 2, 2, null, 6, null, 8, null, null, 6]);
    // Row 4 shares row 2's e-mail under another external id: another person, not a repeat.
    expect(parsed.map((p) => p.identity_conflict !== null)).toEqual([false, false, false, true, false, false, false, false, false, false, false, false]);
    expect([parsed[2].invalid_fields, parsed[3].invalid_fields, parsed[6].invalid_fields]).toEqual([[], [], []]); // duplicates are not invalid
  });

  it('resets a stale mark when run again', () => {
    const parsed = rows([['A', ''], ['B', '']]);
    parsed[1].duplicate_of_row = 1;
    markDuplicates(parsed);
    expect(parsed.map((p) => p.duplicate_of_row)).toEqual([null, null]);
  });

  /** The rule as a person would check it: look back over every earlier row. */
  function naiveDuplicates(parsed: Pick<ParsedParticipant, 'external_id' | 'email' | 'row_number'>[]): (number | null)[] {
    return parsed.map((row, i) => {
      const earlier = parsed.slice(0, i);
      const byId = row.external_id === '' ? undefined : earlier.find((e) => e.external_id === row.external_id);
      if (byId) return byId.row_number;
      const byMail = row.email === '' ? undefined : earlier.find((e) => e.email.toLowerCase() === row.email.toLowerCase());
      return byMail ? byMail.row_number : null;
    });
  }

  it('agrees with a naive look-back over every earlier row', () => {
    const identity = fc.record({
      external_id: fc.constantFrom('', 'A', 'a', 'B', '1', '01'),
      email: fc.constantFrom('', 'x@e.com', 'X@E.COM', 'y@e.com', 'Y@e.com', 'not-mail'),
    });
    fc.assert(
      fc.property(fc.array(identity, { maxLength: 25 }), (identities) => {
        const parsed = identities.map((id, i) => ({ ...parseParticipant({}, i + 1), ...id }));
        markDuplicates(parsed);
        expect(parsed.map((p) => p.duplicate_of_row)).toEqual(naiveDuplicates(parsed));
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseParticipants on arbitrary input', () => {
  const field = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('', ' ', 'Ada', 'ada@example.com', 'A@EXAMPLE.COM', 'de-de', 'x'.repeat(300)));
  const entry = fc.oneof(
    fc.record({ demographic_category_name: field, demographic_name: field, exclusive: fc.oneof(fc.boolean(), field) }, { requiredKeys: [] }),
    fc.jsonValue({ maxDepth: 1 }),
  );
  const participantLike = fc.record(
    { external_id: field, name: field, email: field, locale: field, note: field, demographics: fc.oneof(fc.array(entry, { maxLength: 4 }), field) },
    { requiredKeys: [] },
  );
  const payload = fc.array(fc.oneof(participantLike, fc.jsonValue({ maxDepth: 3 }), fc.anything()), { maxLength: 20 });
  const ALLOWED = new Set(['external_id', 'name', 'email', 'locale', 'note', 'demographics']);

  it('never throws and answers one parsed participant per input, numbered 1..n', () => {
    fc.assert(
      fc.property(payload, (inputs) => {
        const parsed = parseParticipants(inputs);
        expect(parsed).toHaveLength(inputs.length);
        expect(parsed.map((p) => p.row_number)).toEqual(inputs.map((_, i) => i + 1));
        expect(pointsBack(parsed)).toBe(true);
        for (const p of parsed) {
          expect(Object.keys(p).sort()).toEqual([...FIELDS].sort());
          expect(p.invalid_fields.every((f) => ALLOWED.has(f))).toBe(true);
          expect(new Set(p.invalid_fields).size).toBe(p.invalid_fields.length);
          if (!p.invalid_fields.includes('locale')) expect(LOCALES).toContain(p.locale);
          if (!p.invalid_fields.includes('email')) expect(isValidEmail(p.email)).toBe(true);
          if (!p.invalid_fields.includes('name')) expect(p.name.length).toBeGreaterThan(0);
          expect(JSON.parse(JSON.stringify(p))).toEqual(p);
        }
      }),
      { numRuns: 300 },
    );
  });

  function pointsBack(parsed: ParsedParticipant[]): boolean {
    return parsed.every((p) => p.duplicate_of_row === null || (p.duplicate_of_row >= 1 && p.duplicate_of_row < p.row_number));
  }
});

describe('summarize', () => {
  it('counts valid, invalid and duplicate rows', () => {
    const parsed = parseParticipants([ada, { ...ada, email: 'bad' }, { ...ada, external_id: 'B-2' }, null, { name: 'Bo', email: 'bo@example.com' }]);
    expect(summarize(parsed)).toEqual({ total: 5, valid: 3, invalid: 2, duplicates: 2, identity_conflicts: 1 });
    expect(summarize([])).toEqual({ total: 0, valid: 0, invalid: 0, duplicates: 0, identity_conflicts: 0 });
  });
});
