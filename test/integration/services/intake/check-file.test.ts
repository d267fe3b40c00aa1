import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFile } from '../../../../src/services/intake/check-file';
import { SheetChoiceError } from '../../../../src/core/intake';
import { SheetReadError } from '../../../../src/services/sheets/errors';
import { ACCENTS } from '../../../fixtures/intake-content';
import { PEOPLE_COLUMNS, PEOPLE_GRID, PEOPLE_SUMMARY, peopleParticipants } from '../../../fixtures/intake-expected';
import { columnsOf, fixtureChecker, targets } from './fixture-check';
import { said } from '../../../support/words';

const fixtures = fixtureChecker();
beforeAll(fixtures.setUp);
afterAll(fixtures.tearDown);
const check = fixtures.check;

describe('the ordinary list in every format', () => {
  it.each([
    ['participants.xlsx', 'xlsx', 'Participants'],
    ['participants.xls', 'xls', 'Participants'],
    ['participants.ods', 'ods', 'Participants'],
    ['participants.fods', 'fods', 'Participants'],
    ['participants.csv', 'csv', 'participants'],
    ['participants.tsv', 'csv', 'participants'],
    ['participants.txt', 'csv', 'participants'],
    ['phantom.xlsx', 'xlsx', 'Participants'],
    ['phantom.fods', 'fods', 'Participants'],
  ] as const)('%s', async (file, format, sheet) => {
    const result = await check(file);
    expect(result.workbook.format).toBe(format);
    expect(result.sheet).toBe(sheet);
    expect(result.header_row).toBe(1);
    expect(columnsOf(result)).toEqual(PEOPLE_COLUMNS);
    expect(result.participants).toEqual(peopleParticipants(1));
    expect(result.summary).toEqual(PEOPLE_SUMMARY);
    expect(result.notes).toEqual([]);
    // Phantom formatted rows and columns leave nothing behind: the grid is the data.
    expect(result.workbook.sheets.find((s) => s.name === sheet)!.rows).toEqual(PEOPLE_GRID);
  });

  it.each([
    ['participants.csv', 'utf-8', ','],
    ['participants.tsv', 'utf-8', '\t'],
    ['participants.txt', 'utf-16le', '\t'],
  ] as const)('reads %s as %s split by %j', async (file, encoding, delimiter) => {
    const { workbook } = await check(file);
    expect({ encoding: workbook.encoding, delimiter: workbook.delimiter }).toEqual({ encoding, delimiter });
  });
});

describe('the header row below titles, a blank row and a note', () => {
  it.each(['titled.xlsx', 'titled.csv'] as const)('%s: header on row 5, source rows as the sheet numbers them', async (file) => {
    const result = await check(file);
    expect(result.header_row).toBe(5);
    expect(columnsOf(result)).toEqual(PEOPLE_COLUMNS);
    expect(result.participants).toEqual(peopleParticipants(5));
    expect(result.participants.map((p) => p.source_row)).toEqual([6, 7, 9, 10]);
  });

  it('takes the header row a person chooses', async () => {
    const chosen = await check('titled.xlsx', { headerRow: 5 });
    expect(chosen.participants).toEqual(peopleParticipants(5));
    const wrong = await check('titled.xlsx', { headerRow: 6 });
    expect(wrong.header_row).toBe(6);
    // Ada's row read as the header: its values name no participant property.
    expect(wrong.participants).toEqual([]);
    expect(wrong.notes).toEqual([{ code: 'nothing_mapped' }]);
    await expect(check('titled.xlsx', { headerRow: 40 })).rejects.toThrow(new SheetChoiceError('Row 40 is not in the sheet, which has 10 rows.'));
  });
});

describe('CSV encodings and delimiters, nothing garbled', () => {
  it.each([
    ['accents-utf8.csv', 'utf-8', ','],
    ['accents-utf8-bom.csv', 'utf-8-bom', ';'],
    ['accents-utf16le.csv', 'utf-16le', '\t'],
    ['accents-windows1252.csv', 'windows-1252', ';'],
    ['accents-windows1252-comma.csv', 'windows-1252', ','],
    ['accents-pipe.csv', 'utf-8', '|'],
  ] as const)('%s', async (file, encoding, delimiter) => {
    const result = await check(file);
    expect({ encoding: result.workbook.encoding, delimiter: result.workbook.delimiter }).toEqual({ encoding, delimiter });
    expect(result.workbook.sheets[0].rows).toEqual(ACCENTS);
    expect(result.participants.map((p) => [p.external_id, p.name, p.email, p.locale, p.note])).toEqual(ACCENTS.slice(1));
    expect(result.summary).toEqual({ total: 3, valid: 3, invalid: 0, duplicates: 0, identity_conflicts: 0 });
  });
});

describe('header words in four languages, with typos', () => {
  it('English with typos', async () => {
    const result = await check('headers-en.csv');
    expect(targets(result)).toEqual(['external_id', 'name', 'email', 'locale', 'demographic:Gender', 'demographic:Age Group', 'note']);
    expect(said(result.columns[2].reason)).toBe('“Emial” looks like a misspelling of “email”, the e-mail.');
    expect(result.participants.map((p) => [p.external_id, p.name, p.email, p.locale, p.note])).toEqual([
      ['P-1', 'Ada Lovelace', 'ada@example.com', 'en_GB', 'vegan'],
      ['P-2', 'Alan Turing', 'alan@example.com', 'en_US', ''],
    ]);
  });

  it.each([
    ['headers-de.xlsx', 'Teilnehmer', ['external_id', 'first_name', 'last_name', 'email', 'locale', 'demographic:Geschlecht', 'demographic:Altersgruppe', 'note'], ['Jürgen Groß', 'Anna Weiß'], ['nur vormittags', '']],
    ['headers-fr.ods', 'Participants', ['external_id', 'first_name', 'last_name', 'email', 'locale', 'demographic:Sexe', 'note'], ['Hélène Dupré', 'Éric Lefèvre'], ['allergie aux noix', '']],
    ['headers-es.xls', 'Participantes', ['external_id', 'first_name', 'last_name', 'email', 'locale', 'demographic:Grupo de edad', 'note'], ['José Muñoz García', 'Lucía Fernández'], ['sin gluten', '']],
  ] as const)('%s', async (file, sheet, mapped, names, notes) => {
    const result = await check(file);
    expect(result.sheet).toBe(sheet);
    expect(targets(result)).toEqual(mapped);
    expect(result.participants.map((p) => p.name)).toEqual(names);
    expect(result.participants.map((p) => p.note)).toEqual(notes);
    expect(result.participants.map((p) => p.source_row)).toEqual([2, 3]);
    expect(result.summary).toEqual({ total: 2, valid: 2, invalid: 0, duplicates: 0, identity_conflicts: 0 });
  });

  it('turns the demographic columns into entries of the header’s category', async () => {
    const result = await check('headers-de.xlsx');
    expect(result.participants[0].demographics.map((d) => [d.demographic_category_name, d.demographic_name])).toEqual([
      ['Geschlecht', 'male'],
      ['Altersgruppe', '45-54'],
    ]);
  });
});

describe('files that cannot be read say why, in one sentence', () => {
  it.each([
    ['password.xlsx', 'password_protected', 'The file is password-protected; save an unprotected copy and open that.'],
    ['truncated.xlsx', 'truncated', 'The file is damaged or incomplete (was it fully downloaded?).'],
    ['photo.xlsx', 'not_a_spreadsheet', 'The file is a PNG image, not a spreadsheet (xlsx, xls, ods or csv).'],
    ['list.pdf', 'not_a_spreadsheet', 'The file is a PDF document, not a spreadsheet (xlsx, xls, ods or csv).'],
    ['empty.csv', 'empty', 'The file is empty.'],
  ] as const)('%s', async (file, code, message) => {
    const failure = await check(file).then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(SheetReadError);
    expect(failure).toMatchObject({ code, message });
  });

  it('refuses a file over the size limit before reading it', async () => {
    await expect(check('large.csv', { maxBytes: 1024 * 1024 })).rejects.toMatchObject({ code: 'too_large', message: 'The file is 2.1 MB, over the 1 MB limit.' });
  });
});

describe('text that is no sheet is refused by its name, as `muster check` refuses it', () => {
  let dir = '';
  beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'muster-not-sheets-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const read = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return checkFile(join(dir, name)).then(() => null, (error: unknown) => error);
  };

  it.each([
    ['README.md', '# Muster\n\nA tool for lists.\n', 'The file is a Markdown document, not a spreadsheet (xlsx, xls, ods or csv).'],
    ['start.js', 'const a = 1;\nconsole.log(a);\n', 'The file is program code, not a spreadsheet (xlsx, xls, ods or csv).'],
  ] as const)('%s', async (name, text, message) => {
    expect(await read(name, text)).toMatchObject({ code: 'not_a_spreadsheet', message });
  });

  it('still reads a list whatever else it is named, and a folder says it is one', async () => {
    expect(await read('export.dat', 'name,email\nAda,ada@example.com\n')).toBeNull();
    mkdirSync(join(dir, 'H1'));
    expect(await checkFile(join(dir, 'H1')).then(() => null, (error: unknown) => error)).toMatchObject({ message: 'The folder H1 is not a spreadsheet; choose the file itself.' });
  });
});
