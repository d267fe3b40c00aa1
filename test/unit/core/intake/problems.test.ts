import { describe, expect, it } from 'vitest';
import { problemsOf, rowProblemsOf } from '../../../../src/core/intake/problems';
import { ParticipantIndex } from '../../../../src/core/participants/directory';
import { parseParticipant, parseParticipants } from '../../../../src/core/participants/parser';

const OK = { name: 'Ada Lovelace', email: 'ada@example.com' };
const problems = (input: Record<string, unknown>) => problemsOf(parseParticipant({ ...OK, ...input }, 1));

describe('problemsOf: one sentence per invalid field', () => {
  it.each([
    [{ name: '' }, 'The name is missing.'],
    [{ name: '   ' }, 'The name is missing.'],
    [{ name: 'n'.repeat(256) }, 'The name is longer than 255 characters.'],
    [{ email: '' }, 'The e-mail is missing.'],
    [{ email: 'ada at example.com' }, '“ada at example.com” is not a valid e-mail address.'],
    [{ locale: 'Deutsch' }, '“Deutsch” is not a locale the service knows (such as en_US or de_DE).'],
    [{ external_id: 'x'.repeat(256) }, 'The external ID is longer than 255 characters.'],
    [{ note: 'y'.repeat(10_001) }, 'The note is longer than 10,000 characters.'],
    [{ demographics: [{ demographic_category_name: 'Gender', demographic_name: '' }] }, 'A demographic is incomplete, or an exclusive category holds two different values.'],
  ])('%j → %j', (input, sentence) => {
    expect(problems(input)).toEqual([sentence]);
  });

  it('says nothing of a valid row', () => {
    expect(problems({ locale: 'de-DE', external_id: '007', note: 'n'.repeat(10_000) })).toEqual([]);
  });

  it('lists every invalid field, in the parser’s order', () => {
    expect(problems({ name: '', email: 'bad', locale: 'xx' })).toEqual([
      'The name is missing.',
      '“bad” is not a valid e-mail address.',
      '“xx” is not a locale the service knows (such as en_US or de_DE).',
    ]);
  });
});

describe('problemsOf: duplicates', () => {
  const parsed = parseParticipants([
    { name: 'Ada', email: 'ada@example.com', external_id: 'A1' },
    { name: 'Alan', email: 'alan@example.com' },
    { name: 'Ada again', email: 'ADA@example.com' },
    { name: '', email: 'x@example.com', external_id: 'A1' },
  ]);

  it('names the earlier row by its payload number by default', () => {
    expect(problemsOf(parsed[2])).toEqual(['Same external ID or e-mail as row 1.']);
  });

  it('names the earlier row as the sheet numbers it when told how', () => {
    const sheetRow = (rowNumber: number) => rowNumber + 4; // header on row 4
    expect(problemsOf(parsed[2], sheetRow)).toEqual(['Same external ID or e-mail as row 5.']);
  });

  it('puts invalid fields before the duplicate', () => {
    expect(problemsOf(parsed[3])).toEqual(['The name is missing.', 'Same external ID or e-mail as row 1.']);
  });

  it('says nothing of a row that repeats no other', () => {
    expect(problemsOf(parsed[1])).toEqual([]);
  });
});

describe('problemsOf: an e-mail that several participants of the event share', () => {
  it('says the row is not imported and how to make it one person', () => {
    const family = new ParticipantIndex();
    family.add(1, 'F1', 'family@example.com');
    family.add(2, 'F2', 'family@example.com');
    const parsed = parseParticipant({ name: 'Intruder', email: 'family@example.com' }, 1, { directory: family });
    expect(rowProblemsOf(parsed)).toEqual([{ kind: 'email_of_several_participants' }]);
    expect(problemsOf(parsed)).toEqual([expect.stringContaining('belongs to several participants of the event')]);
  });
});
