import { describe, expect, it } from 'vitest';
import { checkSheet, chooseSheet, SheetChoiceError, type WorkbookSheet } from '../../../../src/core/intake/check-sheet';
import { headerSignature } from '../../../../src/core/intake/mapping';
import { MappingOverrideError } from '../../../../src/core/intake/overrides';
import type { ColumnMapping } from '../../../../src/core/intake/types';
import { said } from '../../../support/words';

const LIST = [
  ['Spring test'],
  [],
  ['ID', 'Name', 'Email', 'Gender'],
  ['007', ' Ada Lovelace ', 'ada@example.com', 'Female'],
  [],
  ['008', 'Alan Turing', 'not-an-email', 'Male'],
  ['009', 'Grace Hopper', 'ADA@example.com', ''],
];
const NOTES = [['Please fill in one row per participant.'], ['Ask before you add columns.']];

describe('chooseSheet', () => {
  const sheets: WorkbookSheet[] = [{ name: 'Notes', rows: NOTES }, { name: 'Participants', rows: LIST }, { name: 'Lists', rows: [['Gender'], ['Female']] }];

  it('finds the participant list when no sheet is named', () => {
    expect(chooseSheet(sheets).name).toBe('Participants');
  });

  it.each([['Lists', 'Lists'], ['notes', 'Notes'], ['  LISTS ', 'Lists']])('takes %j as the sheet %j', (name, found) => {
    expect(chooseSheet(sheets, name).name).toBe(found);
  });

  it('prefers the exact name over a case-insensitive one', () => {
    const both = [{ name: 'data', rows: [['a']] }, { name: 'Data', rows: [['b']] }];
    expect(chooseSheet(both, 'Data').rows).toEqual([['b']]);
  });

  it('names the sheets there are when the name matches none', () => {
    expect(() => chooseSheet(sheets, 'Sheet1')).toThrow(new SheetChoiceError('There is no sheet “Sheet1”; the sheets are “Notes”, “Participants”, “Lists”.'));
  });

  it('refuses a workbook without sheets', () => {
    expect(() => chooseSheet([])).toThrow(new SheetChoiceError('The workbook has no sheets.'));
  });
});

describe('checkSheet', () => {
  it('chooses the sheet, finds the header, maps, reads and parses the rows', () => {
    const result = checkSheet([{ name: 'Notes', rows: NOTES }, { name: 'Participants', rows: LIST }]);
    expect(result.sheet).toBe('Participants');
    expect(result.header_row).toBe(3);
    expect(result.columns.map((c) => [c.column, c.header, c.maps_to])).toEqual([
      ['A', 'ID', 'external_id'],
      ['B', 'Name', 'name'],
      ['C', 'Email', 'email'],
      ['D', 'Gender', 'demographic:Gender'],
    ]);
    expect(result.participants.map((p) => [p.source_row, p.row_number, p.external_id, p.name, p.invalid_fields, p.duplicate_of_row])).toEqual([
      [4, 1, '007', 'Ada Lovelace', [], null],
      [6, 2, '008', 'Alan Turing', ['email'], null],
      [7, 3, '009', 'Grace Hopper', [], 1],
    ]);
    expect(result.summary).toEqual({ total: 3, valid: 2, invalid: 1, duplicates: 1, identity_conflicts: 1 });
    expect(result.notes).toEqual([]);
    expect(result.mapping.signature).toBe(headerSignature(LIST[2]));
  });

  it('reads the header row a person chose (1-based), even one that is no header', () => {
    const result = checkSheet([{ name: 'S', rows: LIST }], { headerRow: 4 });
    expect(result.header_row).toBe(4);
    expect(result.columns[0].header).toBe('007');
    expect(result.participants.every((p) => p.source_row > 4)).toBe(true);
  });

  it.each([0, -1, 1.5, 8, Number.NaN])('refuses header row %s outside the sheet', (headerRow) => {
    expect(() => checkSheet([{ name: 'S', rows: LIST }], { headerRow })).toThrow(SheetChoiceError);
    expect(() => checkSheet([{ name: 'S', rows: LIST }], { headerRow })).toThrow(`Row ${headerRow} is not in the sheet, which has 7 rows.`);
  });

  it('reads every row as data, mapped by its values, when no row reads like a header', () => {
    const rows = [
      ['ada@example.com', 'en_GB'],
      ['alan@example.com', 'de_DE'],
      ['grace@example.com', 'fr_FR'],
    ];
    const result = checkSheet([{ name: 'S', rows }]);
    expect(result.header_row).toBeNull();
    expect(result.notes).toEqual([{ code: 'no_header' }]);
    expect(result.columns.map((c) => c.maps_to)).toEqual(['email', 'locale']);
    expect(result.participants.map((p) => [p.source_row, p.email, p.locale])).toEqual([
      [1, 'ada@example.com', 'en_GB'],
      [2, 'alan@example.com', 'de_DE'],
      [3, 'grace@example.com', 'fr_FR'],
    ]);
  });

  it('says when the sheet is empty', () => {
    const result = checkSheet([{ name: 'Blank', rows: [] }]);
    expect(result).toMatchObject({ sheet: 'Blank', header_row: null, columns: [], participants: [], notes: [{ code: 'sheet_empty', params: { sheet: 'Blank' } }] });
    expect(result.summary).toEqual({ total: 0, valid: 0, invalid: 0, duplicates: 0, identity_conflicts: 0 });
  });

  it('says when no column could be matched', () => {
    const rows = [['Phone', 'Street'], ['+49 170 1234567', 'Hauptstraße 1'], ['+33 6 12 34 56 78', 'Rue de la Paix 2']];
    const result = checkSheet([{ name: 'S', rows }]);
    expect(result.header_row).toBe(1);
    expect(result.columns.every((c) => c.maps_to === 'ignore')).toBe(true);
    expect(result.participants).toEqual([]);
    expect(result.notes).toEqual([{ code: 'nothing_mapped' }]);
  });

  it('applies a person’s corrections on top of the suggestion', () => {
    const result = checkSheet([{ name: 'S', rows: LIST }], { overrides: [{ column: 'Gender', target: 'note' }, { column: 'a', target: 'ignore' }] });
    expect(result.columns.map((c) => c.maps_to)).toEqual(['ignore', 'name', 'email', 'note']);
    expect(result.participants[0]).toMatchObject({ external_id: '', note: 'Female', demographics: [] });
  });

  it('lets an override error through for the caller to show', () => {
    expect(() => checkSheet([{ name: 'S', rows: LIST }], { overrides: [{ column: 'Phone', target: 'email' }] })).toThrow(MappingOverrideError);
  });

  it('asks for a remembered mapping by the header signature and uses it', () => {
    const asked: string[] = [];
    const remembered: ColumnMapping = {
      signature: headerSignature(LIST[2]),
      columns: LIST[2].map((header, index) => ({ index, header, target: index === 3 ? 'demographic:Sex' : index === 0 ? 'ignore' : index === 1 ? 'name' : 'email', confidence: 1, reason: { code: 'chosen' } })),
    };
    const result = checkSheet([{ name: 'S', rows: LIST }], { remembered: (signature) => (asked.push(signature), remembered) });
    expect(asked).toEqual([headerSignature(LIST[2])]);
    expect(result.columns.map((c) => [c.maps_to, said(c.reason)])).toEqual([
      ['ignore', 'Confirmed earlier for these headers.'],
      ['name', 'Confirmed earlier for these headers.'],
      ['email', 'Confirmed earlier for these headers.'],
      ['demographic:Sex', 'Confirmed earlier for these headers.'],
    ]);
  });

  it('does not ask for a remembered mapping when there is no header', () => {
    let asked = 0;
    checkSheet([{ name: 'S', rows: [['ada@example.com'], ['alan@example.com']] }], { remembered: () => (asked++, null) });
    expect(asked).toBe(0);
  });

  it('checks demographics against the catalog when one is given', () => {
    const catalog = [{ id: 5, name: 'Gender', exclusive: true, demographics: [{ id: 51, name: 'Female' }, { id: 52, name: 'Male' }] }];
    const result = checkSheet([{ name: 'S', rows: LIST }], { catalog });
    expect(result.participants.map((p) => p.demographic_ids)).toEqual([[51], [52], []]);
    expect(result.participants[0].demographics[0]).toMatchObject({ demographic_category_id: 5, demographic_id: 51, exclusive: true });
  });
});
