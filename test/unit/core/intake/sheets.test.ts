import { describe, expect, it } from 'vitest';
import { isSideSheetName, pickParticipantSheet, sheetScore } from '../../../../src/core/intake/sheets';

const LIST = [
  ['External ID', 'Name', 'Email'],
  ['1', 'Ada Lovelace', 'ada@example.com'],
  ['2', 'Alan Turing', 'alan@example.com'],
  ['3', 'Grace Hopper', 'grace@example.com'],
];
const SHORT_LIST = LIST.slice(0, 2);
/** A notes sheet that itself looks like a small table with header words. */
const HELP_TABLE = [['Column', 'What to enter'], ['Email', 'the address'], ['Name', 'first and last name'], ['Language', 'such as de_DE']];

describe('isSideSheetName', () => {
  it.each([
    'Notes', 'NOTES', 'Instructions', 'Read me', 'README', 'Anleitung', 'Hinweise', 'Remarques', 'Mode d’emploi',
    'Instrucciones', 'Léeme', 'Legend', 'Lists', 'Dropdowns', 'Lookup', 'Werte', 'Info', 'Hilfe', 'Example',
    'Notes 2024', 'Instructions (please read)', 'Lies mich', 'Valeurs',
  ])('%j is a side sheet', (name) => {
    expect(isSideSheetName(name)).toBe(true);
  });

  it.each(['Participants', 'Teilnehmer', 'Sheet1', 'Tabelle1', 'Feuil1', 'Hoja1', 'Spring test 2024', 'Noted', 'Informed consent list', ''])('%j is no side sheet', (name) => {
    expect(isSideSheetName(name)).toBe(false);
  });

  it('tolerates a name that is not text', () => {
    expect(isSideSheetName(undefined as unknown as string)).toBe(false);
  });
});

describe('sheetScore', () => {
  it('is 0 for a sheet without a plausible header', () => {
    expect(sheetScore([])).toBe(0);
    expect(sheetScore([['Please fill in one row per participant and send it back by Friday.']])).toBe(0);
  });

  it('grows with the rows under the header', () => {
    expect(sheetScore(LIST)).toBeGreaterThan(sheetScore(SHORT_LIST));
    expect(sheetScore(SHORT_LIST)).toBeGreaterThan(0);
  });

  it('halves a one-column list', () => {
    const oneColumn = [['Email'], ['ada@example.com'], ['alan@example.com'], ['grace@example.com']];
    const twoColumns = oneColumn.map((row, i) => [...row, i === 0 ? 'Name' : `Person ${i}`]);
    expect(sheetScore(oneColumn)).toBeGreaterThan(0);
    expect(sheetScore(oneColumn)).toBeLessThan(sheetScore(twoColumns) / 1.5);
  });
});

describe('pickParticipantSheet', () => {
  it('passes over notes and instructions before the list', () => {
    expect(pickParticipantSheet([{ name: 'Instructions', rows: HELP_TABLE }, { name: 'Sheet2', rows: LIST }])).toBe(1);
  });

  it('passes over a notes sheet even when its table is larger', () => {
    const bigHelp = [...HELP_TABLE, ...HELP_TABLE.slice(1), ...HELP_TABLE.slice(1)];
    expect(pickParticipantSheet([{ name: 'Notes', rows: bigHelp }, { name: 'Data', rows: SHORT_LIST }])).toBe(1);
  });

  it('takes the sheet with the larger list', () => {
    expect(pickParticipantSheet([{ name: 'Pilot', rows: SHORT_LIST }, { name: 'Main', rows: LIST }])).toBe(1);
    expect(pickParticipantSheet([{ name: 'Main', rows: LIST }, { name: 'Pilot', rows: SHORT_LIST }])).toBe(0);
  });

  it('takes a side sheet when only it holds a list', () => {
    expect(pickParticipantSheet([{ name: 'Cover', rows: [['Spring test']] }, { name: 'Notes', rows: LIST }])).toBe(1);
  });

  it('takes the first sheet not named like notes when none holds a list', () => {
    const blank = { name: 'Empty', rows: [] as string[][] };
    expect(pickParticipantSheet([{ name: 'Read me', rows: [['Hello']] }, blank, { name: 'Other', rows: [] }])).toBe(1);
    expect(pickParticipantSheet([{ name: 'Read me', rows: [] }, { name: 'Notes', rows: [] }])).toBe(0);
  });

  it('answers -1 for no sheets', () => {
    expect(pickParticipantSheet([])).toBe(-1);
  });
});
