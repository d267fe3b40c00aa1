import { describe, expect, it } from 'vitest';
import { countDataRows, detectHeaderRow, MIN_HEADER_SCORE } from '../../../../src/core/intake/header';

const HEADER = ['External ID', 'Full Name', 'E-mail', 'Language', 'Gender'];
const DATA = [
  ['0012', 'Ada Lovelace', 'ada@example.com', 'en_GB', 'Female'],
  ['0013', 'Alan Turing', 'alan@example.com', 'de_DE', 'Male'],
  ['0014', 'Grace Hopper', 'grace@example.com', '', 'Female'],
  ['0015', 'Kurt Gödel', 'kurt@example.com', 'fr_FR', 'Male'],
];

describe('detectHeaderRow: finds the header below whatever sits above it', () => {
  it.each([
    ['header on row 1', [HEADER, ...DATA], 0],
    ['a title row', [['Participant list – Spring test'], HEADER, ...DATA], 1],
    ['a title and a blank row', [['Participant list – Spring test'], [], HEADER, ...DATA], 2],
    ['blank rows only', [[], ['', '', ''], ['  '], HEADER, ...DATA], 3],
    ['notes above', [
      ['Please check all addresses before Friday; the recruiter needs the list by 10 March.'],
      ['Sent by Anna (coordinator)'],
      [],
      HEADER, ...DATA,
    ], 3],
    ['key/value lines above', [
      ['Event:', 'Spring test', 'Date:', '2024-03-01'],
      ['Location:', 'Berlin'],
      [],
      HEADER, ...DATA,
    ], 3],
    ['a title spanning the header width', [['Spring test 2024', '', '', '', ''], HEADER, ...DATA], 1],
    ['unknown header words over data', [['Foo', 'Bar', 'Baz'], ['1', 'ada@example.com', 'x'], ['2', 'bob@example.com', 'y']], 0],
    ['German headers', [['Teilnehmerliste'], ['Teilnehmer-ID', 'Vorname', 'Nachname', 'E-Mail-Adresse'], ['1', 'Ada', 'L', 'a@example.com'], ['2', 'Bob', 'M', 'b@example.com']], 1],
    ['a header with no data yet', [['Name', 'E-mail', 'Language']], 0],
    ['data rows with blank rows between them', [HEADER, DATA[0], [], DATA[1], [], [], DATA[2]], 0],
  ])('%s → row %i', (_name, rows, index) => {
    const found = detectHeaderRow(rows);
    expect(found?.index).toBe(index);
    expect(found!.score).toBeGreaterThanOrEqual(MIN_HEADER_SCORE);
    expect(found!.score).toBeLessThanOrEqual(1);
  });

  it.each([
    ['an empty grid', []],
    ['only blank rows', [[], [''], ['  ', '\t']]],
    ['a title alone', [['Participant list – Spring test']]],
    ['data without a header', DATA],
    ['names and cities without a header', [['Ada', 'Berlin'], ['Alan', 'Hamburg'], ['Grace', 'Berlin'], ['Kurt', 'Köln']]],
    ['numbers only', [['1', '2', '3'], ['4', '5', '6'], ['7', '8', '9']]],
  ])('%s → null', (_name, rows) => {
    expect(detectHeaderRow(rows)).toBeNull();
  });

  it('scores the real header above the title and the first data row', () => {
    const rows = [['Participant list – Spring test'], HEADER, ...DATA];
    const header = detectHeaderRow(rows)!;
    expect(detectHeaderRow(rows.slice(0, 1))).toBeNull();
    expect(detectHeaderRow([rows[0], ...DATA])).toBeNull();
    expect(header.score).toBeGreaterThan(0.8);
  });

  it('scans only the first scanRows rows', () => {
    const rows = [...Array.from({ length: 40 }, () => []), HEADER, ...DATA];
    expect(detectHeaderRow(rows)).toBeNull();
    expect(detectHeaderRow(rows, 50)?.index).toBe(40);
  });

  it('takes the earlier of two equally good rows', () => {
    const rows = [['Name', 'E-mail'], ['Name', 'E-mail']];
    expect(detectHeaderRow(rows)?.index).toBe(0);
  });

  it('takes the first header when the header repeats further down (page breaks)', () => {
    const rows = [HEADER, DATA[0], DATA[1], HEADER, DATA[2], DATA[3]];
    expect(detectHeaderRow(rows)?.index).toBe(0);
  });

  it('tolerates holes and non-text cells', () => {
    const rows = [undefined, ['Name', null, 'E-mail'], ['Ada', 3, 'ada@example.com']] as unknown as string[][];
    expect(detectHeaderRow(rows)?.index).toBe(1);
  });

  // Review finding: every cell of the first 30 rows went through the vocabulary, so a
  // 3,000-column export took 6–17 s. Numbers are never looked up and at most 200 cells of a
  // row are; the time limits are generous guards against that coming back.
  it('reads a 3,000-column sheet of numbers quickly, finding no header', { timeout: 5_000 }, () => {
    const rows = Array.from({ length: 40 }, (_, r) => Array.from({ length: 3_000 }, (_, c) => String(r * 3_000 + c)));
    expect(detectHeaderRow(rows)).toBeNull();
  });

  it('finds the header of a 300-question survey export with known words among its first columns', { timeout: 5_000 }, () => {
    const header = ['ID', 'Name', 'E-mail', ...Array.from({ length: 297 }, (_, i) => `Q${i + 1}: how satisfied are you with part ${i + 1}?`)];
    const data = Array.from({ length: 60 }, (_, r) => [String(r), `Person ${r}`, `p${r}@example.com`, ...Array.from({ length: 297 }, (_, i) => ['Very', 'Somewhat', 'Not at all'][(r + i) % 3])]);
    expect(detectHeaderRow([['Survey export, spring wave'], [], header, ...data])?.index).toBe(2);
  });
});

describe('countDataRows', () => {
  it.each([
    [[HEADER, ...DATA], 0, 4],
    [[HEADER, DATA[0], [], ['', ' '], DATA[1]], 0, 2],
    [[['Title'], HEADER], 1, 0],
    [[HEADER, ...DATA], 2, 2],
  ])('%#: %j below row %i → %i', (rows, index, count) => {
    expect(countDataRows(rows, index)).toBe(count);
  });
});
