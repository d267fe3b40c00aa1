import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS_READ, LONG_TEXT_LENGTH, longText } from '../../../fixtures/intake-content';
import { peopleParticipants } from '../../../fixtures/intake-expected';
import { LARGE_ROWS } from '../../../fixtures/intake-files';
import { fixtureChecker, targets } from './fixture-check';

const fixtures = fixtureChecker();
beforeAll(fixtures.setUp);
afterAll(fixtures.tearDown);
const check = fixtures.check;

describe('values', () => {
  it('keeps ids as text: leading zeros, whole numbers, never 4567.0 or 4.5e3', async () => {
    const result = await check('ids.xlsx');
    expect(result.participants.map((p) => p.external_id)).toEqual(IDS_READ);
    for (const p of result.participants) expect(p.external_id).toMatch(/^\d+$/);
    expect(result.participants.every((p) => p.warnings.length === 0)).toBe(true);
  });

  it('warns about an id Excel already wrote in scientific notation', async () => {
    const result = await check('ids-excel-export.csv');
    expect(result.participants.map((p) => [p.external_id, p.warnings])).toEqual([
      ['1.23457E+12', ['External ID 1.23457E+12 is a number in scientific notation; the spreadsheet may have dropped digits.']],
      ['4567', []],
    ]);
  });

  it.each(['dates.xlsx', 'dates.xls'] as const)('%s: date serials become dates', async (file) => {
    const result = await check(file);
    expect(targets(result)).toEqual(['external_id', 'name', 'email', 'demographic:Session', 'ignore']);
    expect(result.participants.map((p) => p.demographics.map((d) => d.demographic_name))).toEqual([['2024-03-15'], ['2024-03-16']]);
    expect(result.workbook.sheets[0].rows.map((row) => row[4])).toEqual(['Registered', '2024-03-01 12:00', '2024-03-02']);
  });

  it.each(['formulas.xlsx', 'formulas.ods'] as const)('%s: formulas give their cached values, never their text', async (file) => {
    const result = await check(file);
    expect(result.participants.map((p) => [p.external_id, p.name, p.email, p.note])).toEqual([
      ['F-002', 'Ada Lovelace', 'ada@example.com', '3'],
      ['F-003', 'Alan Turing', 'alan@example.com', '0.5'],
    ]);
    const cells = result.workbook.sheets[0].rows.flat();
    expect(cells.filter((cell) => /[=&(]/.test(cell))).toEqual([]);
  });

  it.each(['code-like.xlsx', 'code-like.csv'] as const)('%s: formula- and HTML-like text is kept as plain text, with a warning', async (file) => {
    const result = await check(file);
    expect(result.participants.map((p) => [p.name, p.note, p.warnings])).toEqual([
      ['=HYPERLINK("http://evil.example","Click me")', '+49 170 1234567', ['Name looks like a formula (it starts with “=”); it is kept as text.', 'Note looks like a formula (it starts with “+”); it is kept as text.']],
      ['@foo', '<b>x</b>', ['Name looks like a formula (it starts with “@”); it is kept as text.', 'Note looks like HTML; it is kept as plain text.']],
      ['Plain Person', '-5 °C storage', ['Note looks like a formula (it starts with “-”); it is kept as text.']],
    ]);
    expect(result.summary).toEqual({ total: 3, valid: 3, invalid: 0, duplicates: 0, identity_conflicts: 0 });
  });

  it('keeps a 40,000-character cell whole and says the service accepts less', async () => {
    const [p] = (await check('long-cell.csv')).participants;
    expect(p.note).toHaveLength(LONG_TEXT_LENGTH);
    expect(p.note).toBe(longText());
    expect(p.invalid_fields).toEqual(['note']);
    expect(p.warnings).toEqual(['Note is 40,000 characters long; the service accepts at most 10,000.']);
  });

  it(`reads all ${LARGE_ROWS.toLocaleString('en-US')} rows of a 2 MB list`, async () => {
    const result = await check('large.csv');
    expect(result.summary).toEqual({ total: LARGE_ROWS, valid: LARGE_ROWS, invalid: 0, duplicates: 0, identity_conflicts: 0 });
    expect(result.participants.at(-1)).toMatchObject({ external_id: `M-0${LARGE_ROWS}`, source_row: LARGE_ROWS + 1 });
  });
});

describe('workbooks with several sheets', () => {
  it.each([
    ['notes-first.xlsx', 'Teilnehmer 2024', ['Instructions', 'Teilnehmer 2024', 'Lists']],
    ['notes-first.ods', 'Participants', ['Notes', 'Participants']],
  ] as const)('%s: the list on sheet 2, not the notes before it', async (file, sheet, names) => {
    const result = await check(file);
    expect(result.workbook.sheets.map((s) => s.name)).toEqual(names);
    expect(result.sheet).toBe(sheet);
    expect(result.participants).toEqual(peopleParticipants(1));
  });

  it('reads another sheet when a person names it, ignoring case', async () => {
    const result = await check('notes-first.xlsx', { sheetName: 'lists' });
    expect(result.sheet).toBe('Lists');
    await expect(check('notes-first.xlsx', { sheetName: 'Sheet9' })).rejects.toThrow(
      'There is no sheet “Sheet9”; the sheets are “Instructions”, “Teilnehmer 2024”, “Lists”.',
    );
  });
});
