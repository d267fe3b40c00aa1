import { describe, expect, it } from 'vitest';
import { suggestMapping } from '../../../../src/core/intake/mapping';
import { rowsToParticipants } from '../../../../src/core/intake/rows';
import type { ColumnMapping, ColumnTarget } from '../../../../src/core/intake/types';

/** A mapping with the given targets, column by column. */
function mappingOf(...targets: ColumnTarget[]): ColumnMapping {
  return {
    signature: 'test',
    columns: targets.map((target, index) => ({ index, header: `H${index}`, target, confidence: 1, reason: { code: 'chosen' } })),
  };
}

const HEADER = ['External ID', 'Full Name', 'E-mail', 'Language', 'Notes', 'Gender'];
const FULL = mappingOf('external_id', 'name', 'email', 'locale', 'note', 'demographic:Gender');
const one = (row: string[], mapping = FULL) => rowsToParticipants([HEADER, row], 0, mapping)[0];

describe('rowsToParticipants: rows and their place in the sheet', () => {
  it('skips blank rows inside the data and keeps each row’s 1-based sheet row', () => {
    const rows = [
      ['Participant list'],
      [],
      HEADER,
      ['1', 'Ada', 'ada@example.com', 'en_GB', '', 'Female'],
      [],
      ['', '', '', '', '', ''],
      ['  ', '\t'],
      ['2', 'Alan', 'alan@example.com', 'de_DE', '', 'Male'],
      ['3', 'Grace', 'grace@example.com', '', '', ''],
    ];
    const out = rowsToParticipants(rows, 2, FULL);
    expect(out.map((r) => [r.source_row, r.participant.name])).toEqual([[4, 'Ada'], [8, 'Alan'], [9, 'Grace']]);
  });

  it('skips phantom rows that only fill ignored columns, and copies of the header', () => {
    const mapping = mappingOf('name', 'email', 'ignore');
    const rows = [['Name', 'E-mail', 'Phone'], ['Ada', 'ada@example.com', ''], ['', '', 'Total: 2'], ['Name', 'E-mail', 'Phone'], ['Alan', '', '']];
    expect(rowsToParticipants(rows, 0, mapping).map((r) => r.source_row)).toEqual([2, 5]);
  });

  it.each([
    ['no rows below the header', [HEADER], 0],
    ['a header index past the end', [HEADER], 5],
    ['an empty grid', [], 0],
  ])('gives nothing for %s', (_name, rows, index) => {
    expect(rowsToParticipants(rows, index, FULL)).toEqual([]);
  });

  it('gives nothing when no column is mapped', () => {
    expect(rowsToParticipants([HEADER, ['1', 'Ada']], 0, mappingOf('ignore', 'ignore'))).toEqual([]);
  });

  it('reads rows shorter than the header as blank beyond their end', () => {
    expect(one(['1', 'Ada']).participant).toEqual({
      external_id: '1', name: 'Ada', email: '', locale: '', note: '', demographics: [],
    });
  });
});

describe('rowsToParticipants: cells', () => {
  it('trims cells and builds the payload from the mapped columns only', () => {
    const out = one([' 0012 ', ' Ada Lovelace ', 'ada@example.com', ' de-de ', ' first visit ', ' Female ', 'ignored']);
    expect(out.participant).toEqual({
      external_id: '0012', name: 'Ada Lovelace', email: 'ada@example.com', locale: 'de-de', note: 'first visit',
      demographics: [{ demographic_category_name: 'Gender', demographic_name: 'Female' }],
    });
    expect(out.participant.demographics![0]).not.toHaveProperty('exclusive');
  });

  it.each(['0012', '000000', '007', '0', '00123456789012345678901234567890'])('keeps the leading zeros of id %j', (id) => {
    expect(one([id, 'Ada', 'ada@example.com']).participant.external_id).toBe(id);
  });

  it('leaves out properties no column supplies', () => {
    const out = rowsToParticipants([['Name', 'E-mail'], ['Ada', 'ada@example.com']], 0, mappingOf('name', 'email'));
    expect(out[0].participant).toEqual({ name: 'Ada', email: 'ada@example.com' });
  });

  it.each([
    [['Ada', 'Lovelace'], 'Ada Lovelace'],
    [[' Ada ', ' Lovelace '], 'Ada Lovelace'],
    [['Ada', ''], 'Ada'],
    [['', 'Lovelace'], 'Lovelace'],
    [['', ''], ''],
  ])('joins first and last name %j → %j', ([first, last], name) => {
    const rows = [['Vorname', 'Nachname', 'E-mail'], [first, last, 'ada@example.com']];
    expect(rowsToParticipants(rows, 0, mappingOf('first_name', 'last_name', 'email'))[0].participant.name).toBe(name);
  });

  it('prefers a full-name column and falls back to first and last name where it is blank', () => {
    const mapping = mappingOf('name', 'first_name', 'last_name', 'email');
    const rows = [['Name', 'First', 'Last', 'E-mail'], ['Ada Lovelace', 'A', 'L', 'a@example.com'], ['', 'Alan', 'Turing', 'b@example.com']];
    expect(rowsToParticipants(rows, 0, mapping).map((r) => r.participant.name)).toEqual(['Ada Lovelace', 'Alan Turing']);
  });

  it('builds one demographic entry per filled demographic column, none for blank ones', () => {
    const mapping = mappingOf('name', 'demographic:Gender', 'demographic:Age group', 'demographic:Interest', 'demographic:Interest');
    const rows = [['Name', 'Gender', 'Age group', 'Interest 1', 'Interest 2'], ['Ada', 'Female', '', 'Coffee', ' Tea ']];
    expect(rowsToParticipants(rows, 0, mapping)[0].participant.demographics).toEqual([
      { demographic_category_name: 'Gender', demographic_name: 'Female' },
      { demographic_category_name: 'Interest', demographic_name: 'Coffee' },
      { demographic_category_name: 'Interest', demographic_name: 'Tea' },
    ]);
  });

  it('keeps a long cell whole and says when it is longer than the service accepts', () => {
    const note = `${'Lorem ipsum dolor sit amet. '.repeat(500)}END`;
    const out = one(['1', 'Ada', 'ada@example.com', 'en_US', note]);
    expect(out.participant.note).toBe(note.trim());
    expect(String(out.participant.note).length).toBe(note.length);
    expect(out.warnings).toEqual(['Note is 14,003 characters long; the service accepts at most 10,000.']);
    const name = 'N'.repeat(300);
    expect(one(['1', name, 'ada@example.com', 'en_US']).participant.name).toBe(name);
  });

  it('keeps inner line breaks and spacing', () => {
    expect(one(['1', 'Ada', 'ada@example.com', 'en_US', 'line one\nline  two']).participant.note).toBe('line one\nline  two');
  });
});

describe('rowsToParticipants: text that looks like code is kept as text', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', '='],
    ['=1+1', '='],
    ['+cmd|\' /C calc\'!A0', '+'],
    ['-2+3+cmd|\' /C calc\'!A0', '-'],
    ['@SUM(A1:A2)', '@'],
  ])('%j is kept verbatim, with a warning', (text, start) => {
    const out = one(['1', 'Ada', 'ada@example.com', 'en_US', text]);
    expect(out.participant.note).toBe(text);
    expect(out.warnings).toEqual([`Note looks like a formula (it starts with “${start}”); it is kept as text.`]);
  });

  it.each(['-5', '+49', '-3.5', '+1,000', '-', '--', '=', 'a=b', 'Mary-Jane'])('%j is no formula', (text) => {
    expect(one(['1', text, 'ada@example.com', 'en_US', text]).warnings).toEqual([]);
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<b>VIP</b>',
    'Tom &amp; Jerry',
  ])('%j is kept verbatim, with a warning', (text) => {
    const out = one(['1', 'Ada', 'ada@example.com', 'en_US', text]);
    expect(out.participant.note).toBe(text);
    expect(out.warnings).toEqual(['Note looks like HTML; it is kept as plain text.']);
  });

  it.each(['a < b and c > d', '<3', 'Tom & Jerry', 'x<y'])('%j is no HTML', (text) => {
    expect(one(['1', 'Ada', 'ada@example.com', 'en_US', text]).warnings).toEqual([]);
  });

  it('names the demographic category of a formula-looking value', () => {
    expect(one(['1', 'Ada', 'ada@example.com', 'en_US', '', '=A1']).warnings).toEqual([
      'Gender looks like a formula (it starts with “=”); it is kept as text.',
    ]);
  });
});

describe('rowsToParticipants: warnings', () => {
  it.each([
    ['a blank locale', ['1', 'Ada', 'ada@example.com', ''], ['Locale was blank; en_US assumed.']],
    ['an e-mail with surrounding spaces', ['1', 'Ada', '  ada@example.com\u00a0', 'en_US'], ['E-mail had surrounding spaces; they were removed.']],
    ['an e-mail with a zero-width space', ['1', 'Ada', 'ada\u200b@example.com', 'en_US'], ['E-mail contains an invisible character, which no mail system accepts.']],
    ['an id in scientific notation', ['1.23457E+11', 'Ada', 'ada@example.com', 'en_US'], [
      'External ID 1.23457E+11 is a number in scientific notation; the spreadsheet may have dropped digits.',
    ]],
    ['a clean row', ['1', 'Ada', 'ada@example.com', 'en_US'], []],
    ['a blank e-mail (the parser says so)', ['1', 'Ada', '', 'en_US'], []],
  ])('%s', (_name, row, warnings) => {
    expect(one(row).warnings).toEqual(warnings);
  });

  it('says nothing of a blank locale when no column supplies one', () => {
    const out = rowsToParticipants([['Name', 'E-mail'], ['Ada', 'ada@example.com']], 0, mappingOf('name', 'email'));
    expect(out[0].warnings).toEqual([]);
  });
});

describe('rowsToParticipants with a suggested mapping', () => {
  it('reads a German sheet with title rows end to end', () => {
    const rows = [
      ['Teilnehmerliste Frühjahr'],
      [],
      ['Teilnehmer-ID', 'Vorname', 'Nachname', 'E-Mail-Adresse', 'Sprache', 'Geschlecht', 'Telefon'],
      ['0042', 'Ada', 'Lovelace', 'ada@example.com', 'de-de', 'weiblich', '+49 30 1234'],
      [],
      ['0043', 'Alan', 'Turing', 'alan@example.com', '', 'männlich', ''],
    ];
    const mapping = suggestMapping(rows[2], rows.slice(3));
    const out = rowsToParticipants(rows, 2, mapping);
    expect(out).toEqual([
      {
        source_row: 4, warnings: [],
        participant: {
          external_id: '0042', name: 'Ada Lovelace', email: 'ada@example.com', locale: 'de-de', demographics: [
            { demographic_category_name: 'Geschlecht', demographic_name: 'weiblich' },
          ],
        },
      },
      {
        source_row: 6, warnings: ['Locale was blank; en_US assumed.'], warning_words: [{ code: 'locale_blank', field: 'locale', value: 'en_US' }],
        participant: {
          external_id: '0043', name: 'Alan Turing', email: 'alan@example.com', locale: '', demographics: [
            { demographic_category_name: 'Geschlecht', demographic_name: 'männlich' },
          ],
        },
      },
    ]);
  });
});

describe('rowsToParticipants: two e-mail columns and two last-name columns', () => {
  /** A mapping like suggestMapping leaves it: the e-mail read first has the higher confidence. */
  const withConfidence = (...columns: [ColumnTarget, number][]): ColumnMapping => ({
    signature: 'test',
    columns: columns.map(([target, confidence], index) => ({ index, header: ['E-Mail privat', 'E-Mail geschäftlich', 'Name'][index] ?? `H${index}`, target, confidence, reason: { code: 'chosen' } })),
  });

  it('reads the second e-mail column where the first is blank, and says so', () => {
    const rows = [['E-Mail privat', 'E-Mail geschäftlich', 'Name'], ['', ' b@work.de ', 'Anna'], ['p@home.de', 'x@work.de', 'Bob'], ['', '', 'Cleo']];
    const out = rowsToParticipants(rows, 0, withConfidence(['email', 0.72], ['email', 0.72], ['name', 1]));
    expect(out.map((r) => r.participant.email)).toEqual(['b@work.de', 'p@home.de', '']);
    expect(out[0].warnings).toEqual([
      'E-mail taken from column B (“E-Mail geschäftlich”), since column A (“E-Mail privat”) is blank.',
      'E-mail had surrounding spaces; they were removed.',
    ]);
    expect(out[1].warnings).toEqual([]);
    expect(out[2].warnings).toEqual([]);
  });

  it('reads the e-mail column with the higher confidence first, wherever it stands', () => {
    const rows = [['A', 'B'], ['a@x.com', 'b@x.com'], ['a2@x.com', '']];
    const out = rowsToParticipants(rows, 0, withConfidence(['email', 0.6], ['email', 1]));
    expect(out.map((r) => r.participant.email)).toEqual(['b@x.com', 'a2@x.com']);
  });

  it('keeps a row whose only value is in the second e-mail column', () => {
    const rows = [['E-Mail privat', 'E-Mail geschäftlich'], ['', 'b@work.de']];
    expect(rowsToParticipants(rows, 0, withConfidence(['email', 1], ['email', 0.9]))).toHaveLength(1);
  });

  /** The targets of mappingOf under real headers, which decide whether a second column is read. */
  const headed = (header: string[], ...targets: ColumnTarget[]): ColumnMapping => ({
    signature: 'test',
    columns: mappingOf(...targets).columns.map((c) => ({ ...c, header: header[c.index] })),
  });

  it.each([
    [['Juan', 'García', 'López'], 'Juan García López', ['Last name joined from columns B and C.']],
    [['Ana', 'Pérez', ''], 'Ana Pérez', []],
    [['Eva', '', 'Ruiz'], 'Eva Ruiz', []],
    [['Luz', 'Mora', 'mora'], 'Luz Mora', []],
  ])('joins the parts of one surname in order, and says so: %j → %j', (row, name, warnings) => {
    const header = ['Nombre', 'Apellido paterno', 'Apellido materno'];
    const out = rowsToParticipants([header, row], 0, headed(header, 'first_name', 'last_name', 'last_name'))[0];
    expect([out.participant.name, out.warnings]).toEqual([name, warnings]);
  });

  it('names the columns that gave a part when three do', () => {
    const header = ['Nombre', 'Apellido 1', 'Apellido 2', 'Apellido 3'];
    const mapping = headed(header, 'first_name', 'last_name', 'last_name', 'last_name');
    const out = rowsToParticipants([header, ['A', 'B', 'C', 'D'], ['A', 'B', '', 'D'], ['A', '', '', 'D']], 0, mapping);
    expect(out.map((r) => [r.participant.name, r.warnings])).toEqual([
      ['A B C D', ['Last name joined from columns B, C and D.']],
      ['A B D', ['Last name joined from columns B and D.']],
      ['A D', []],
    ]);
  });

  it('reads one last-name column when the headers are not parts of one surname, whatever the mapping says', () => {
    const header = ['Vorname', 'Nachname', 'Nachname Erziehungsberechtigte'];
    const out = rowsToParticipants([header, ['Tim', 'Kurz', 'Lang']], 0, headed(header, 'first_name', 'last_name', 'last_name'));
    expect([out[0].participant.name, out[0].warnings]).toEqual(['Tim Kurz', []]);
  });

  it('never reads a parent’s e-mail column where the e-mail is blank, whatever the mapping says', () => {
    const header = ['Name', 'Email', 'Parent email'];
    const out = rowsToParticipants([header, ['Anna Kid', '', 'mom@x.com'], ['', '', 'dad@x.com']], 0, headed(header, 'name', 'email', 'email'));
    expect(out.map((r) => [r.participant.email, r.warnings])).toEqual([['', []]]);
  });
});

describe('rowsToParticipants: a locale written as a bare language', () => {
  const locale = (text: string) => rowsToParticipants([['Name', 'Locale'], ['Ada', text]], 0, mappingOf('name', 'locale'))[0];

  it.each([
    ['de', 'did you mean de_DE?'],
    ['FR', 'did you mean fr_FR?'],
    ['es', 'did you mean es_ES?'],
    ['de-AT', 'did you mean de_DE?'],
    ['en', 'did you mean en_US, en_AU or en_GB?'],
  ])('%j is kept as written, with a hint: %s', (text, hint) => {
    const out = locale(text);
    expect(out.participant.locale).toBe(text);
    expect(out.warnings).toEqual([`Locale “${text}” is not one the service knows; ${hint}`]);
  });

  it.each(['de_DE', 'de-de', 'xx', 'Deutsch', 'klingon'])('gives no hint for %j', (text) => {
    expect(locale(text).warnings).toEqual([]);
  });
});
