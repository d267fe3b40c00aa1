import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogCategory } from '../../../../src/core/participants/catalog';
import { checkFile } from '../../../../src/services/intake/check-file';
import { MAPPING_FILE, MappingMemory, MappingMemoryError } from '../../../../src/services/intake/mapping-memory';
import { csvText, encode } from '../../../fixtures/sheets';
import { HEADERS_EN } from '../../../fixtures/intake-content';
import { writeIntakeFixtures, type FixtureFile } from '../../../fixtures/intake-files';
import { targets } from './fixture-check';
import { said } from '../../../support/words';

let dir: string;
let files: Record<FixtureFile, string>;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-memory-'));
  files = writeIntakeFixtures(join(dir, 'sheets'), ['headers-en.csv', 'participants.xlsx', 'headers-de.xlsx']);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let dataDirs = 0;
const freshDataDir = () => join(dir, `data-${++dataDirs}`);

/** A CSV of the English list under other headers, written next to the fixtures. */
function withHeaders(name: string, header: string[]): string {
  const path = join(dir, 'sheets', name);
  const rows = HEADERS_EN.slice(1).map((row) => row.map(String));
  writeFileSync(path, encode(csvText([header, ...rows]), 'utf-8'));
  return path;
}

const SUGGESTED = ['external_id', 'name', 'email', 'locale', 'demographic:Gender', 'demographic:Age Group', 'note'];
const CORRECTED = ['external_id', 'name', 'email', 'ignore', 'demographic:Gender', 'demographic:Age Group', 'demographic:Diet'];
const CORRECTIONS = [{ column: 'Langauge', target: 'ignore' }, { column: 'G', target: 'demographic:Diet' }];

describe('confirmed mappings are remembered per header signature', () => {
  it('applies corrections, remembers them, and maps the same headers that way next time', async () => {
    const data = freshDataDir();
    const first = await checkFile(files['headers-en.csv'], { memory: new MappingMemory(data), overrides: CORRECTIONS });
    expect(targets(first)).toEqual(CORRECTED);
    expect(first.columns[3]).toMatchObject({ confidence: 1, reason: { code: 'chosen' } });
    const stored = JSON.parse(readFileSync(join(data, MAPPING_FILE), 'utf8'));
    expect(Object.keys(stored.mappings)).toEqual([first.mapping.signature]);

    // A new memory on the same folder, as the next run of the app or the CLI would have.
    const again = await checkFile(files['headers-en.csv'], { memory: new MappingMemory(data) });
    expect(targets(again)).toEqual(CORRECTED);
    expect(again.columns.every((c) => c.confidence === 1 && c.reason.code === 'remembered')).toBe(true);
    expect(again.participants.map((p) => [p.locale, p.demographics.map((d) => `${d.demographic_category_name}=${d.demographic_name}`)])).toEqual([
      ['en_US', ['Gender=Female', 'Age Group=25-34', 'Diet=vegan']],
      ['en_US', ['Gender=Male', 'Age Group=35-44']],
    ]);
  });

  it('recognises the same headers in other case and spacing, but not different headers', async () => {
    const data = freshDataDir();
    await checkFile(files['headers-en.csv'], { memory: new MappingMemory(data), overrides: CORRECTIONS });
    const memory = new MappingMemory(data);
    const respelt = withHeaders('respelt.csv', ['  participant ID', 'FULL   NMAE', 'emial ', 'LANGAUGE', 'gender', 'Age  Group', ' NOTES']);
    expect(targets(await checkFile(respelt, { memory }))).toEqual(CORRECTED);

    const other = withHeaders('other.csv', ['Participant ID', 'Full Nmae', 'Emial', 'Langauge', 'Gender', 'Age Group', 'Comments']);
    const suggested = await checkFile(other, { memory });
    expect(targets(suggested)).toEqual(SUGGESTED);
    expect(suggested.columns.some((c) => c.reason.code === 'remembered')).toBe(false);
  });

  it('remembers nothing when nothing was corrected', async () => {
    const data = freshDataDir();
    const result = await checkFile(files['headers-en.csv'], { memory: new MappingMemory(data) });
    expect(targets(result)).toEqual(SUGGESTED);
    expect(existsSync(join(data, MAPPING_FILE))).toBe(false);
  });

  it('sets a damaged mappings.json aside, keeps its bytes, and carries on', async () => {
    const data = freshDataDir();
    new MappingMemory(data).remember({ signature: 'h1-x', columns: [] }); // creates the folder
    const damaged = '{"version":1,"mappings":{"h7-';
    writeFileSync(join(data, MAPPING_FILE), damaged);

    const result = await checkFile(files['headers-en.csv'], { memory: new MappingMemory(data) });
    expect(targets(result)).toEqual(SUGGESTED);
    const asideName = readdirSync(data).find((name) => name.startsWith(`${MAPPING_FILE}.damaged-`));
    expect(asideName).toBeDefined();
    expect(readFileSync(join(data, asideName!), 'utf8')).toBe(damaged);

    await checkFile(files['headers-en.csv'], { memory: new MappingMemory(data), overrides: CORRECTIONS });
    expect(targets(await checkFile(files['headers-en.csv'], { memory: new MappingMemory(data) }))).toEqual(CORRECTED);
  });
});

describe('a mappings.json of the wrong shape', () => {
  const confirmed = { signature: 'h2-abc', columns: [{ index: 0, header: 'Mail', target: 'email' as const, confidence: 1, reason: { code: 'chosen' as const } }] };

  it.each([
    ['"mappings": []', '{"version":1,"mappings":[]}'],
    ['"mappings": "x"', '{"version":1,"mappings":"x"}'],
    ['no version', '{"mappings":{}}'],
    ['an array', '[]'],
    ['null', 'null'],
  ])('%s is set aside and later confirmations are kept', (_name, text) => {
    const data = freshDataDir();
    new MappingMemory(data).remember({ signature: 'h1-x', columns: [] }); // creates the folder
    writeFileSync(join(data, MAPPING_FILE), text);
    new MappingMemory(data).remember(confirmed);
    expect(new MappingMemory(data).recall(confirmed.signature)).toEqual({ signature: confirmed.signature, columns: confirmed.columns });
    const aside = readdirSync(data).find((name) => name.startsWith(`${MAPPING_FILE}.damaged-`));
    expect(readFileSync(join(data, aside!), 'utf8')).toBe(text);
  });
});

describe('a data folder that cannot hold mappings.json', () => {
  it('says the folder is a file, in a sentence', () => {
    const file = join(dir, 'not-a-folder.txt');
    writeFileSync(file, 'x');
    const remember = () => new MappingMemory(file).remember({ signature: 'h1-x', columns: [] });
    expect(remember).toThrow(MappingMemoryError);
    expect(remember).toThrow(`the mapping cannot be remembered in the data folder ${file}: it is a file, not a folder.`);
    expect(readFileSync(file, 'utf8')).toBe('x');
    expect(new MappingMemory(file).recall('h1-x')).toBeNull();
  });

  it('says so when a folder above it is a file', () => {
    const file = join(dir, 'file-above.txt');
    writeFileSync(file, 'x');
    expect(() => new MappingMemory(join(file, 'data')).remember({ signature: 'h1-x', columns: [] })).toThrow(/: a part of its path is a file, not a folder\.$/);
  });

  it('names mappings.json when it is a folder, and leaves no temporary file behind', () => {
    const data = freshDataDir();
    mkdirSync(join(data, MAPPING_FILE), { recursive: true });
    writeFileSync(join(data, MAPPING_FILE, 'keep.txt'), 'x');
    const remember = () => new MappingMemory(data).remember({ signature: 'h1-x', columns: [] });
    expect(remember).toThrow(MappingMemoryError);
    expect(remember).toThrow(`the mapping cannot be remembered in ${join(data, MAPPING_FILE)}: it is a folder, not a file; move that folder away.`);
    expect(readdirSync(data)).toEqual([MAPPING_FILE]);
    expect(readFileSync(join(data, MAPPING_FILE, 'keep.txt'), 'utf8')).toBe('x');
    expect(new MappingMemory(data).recall('h1-x')).toBeNull();
  });
});

describe('the event catalog', () => {
  const CATALOG: CatalogCategory[] = [
    { id: 1, name: 'Gender', exclusive: true, demographics: [{ id: 11, name: 'Female' }, { id: 12, name: 'Male' }, { id: 13, name: 'Non-binary' }] },
    { id: 2, name: 'Age Group', exclusive: false, demographics: [{ id: 21, name: '18-24' }, { id: 22, name: '25-34' }, { id: 23, name: '35-44' }, { id: 24, name: '45-54' }] },
  ];

  it('maps a "Gender" column to the catalog category and resolves the demographics', async () => {
    const result = await checkFile(files['participants.xlsx'], { catalog: CATALOG });
    expect(result.columns[4]).toMatchObject({ header: 'Gender', maps_to: 'demographic:Gender' });
    expect(said(result.columns[4].reason)).toBe('“Gender” is the event’s category “Gender”.');
    expect(result.participants.map((p) => p.demographic_ids)).toEqual([[11, 22], [13, 23], [12, 22], [11, 21]]);
    expect(result.participants[0].demographics).toEqual([
      { exclusive: true, demographic_name: 'Female', demographic_category_name: 'Gender', demographic_category_id: 1, demographic_id: 11 },
      { exclusive: false, demographic_name: '25-34', demographic_category_name: 'Age Group', demographic_category_id: 2, demographic_id: 22 },
    ]);
  });

  it('maps "Geschlecht" and "Altersgruppe" to the catalog’s English categories, matching values without regard to case', async () => {
    const result = await checkFile(files['headers-de.xlsx'], { catalog: CATALOG });
    expect(targets(result).slice(5, 7)).toEqual(['demographic:Gender', 'demographic:Age Group']);
    expect(said(result.columns[5].reason)).toBe('“Geschlecht” is a word for gender. It is the event’s category “Gender”.');
    expect(result.participants.map((p) => p.demographic_ids)).toEqual([[12, 24], [11, 22]]);
    expect(result.participants[0].demographics[0]).toMatchObject({ demographic_name: 'Male', demographic_category_name: 'Gender' });
  });

  it('finds two values in an exclusive category invalid, and the same value twice valid', async () => {
    const path = join(dir, 'sheets', 'gender-twice.csv');
    writeFileSync(path, encode(csvText([
      ['Name', 'Email', 'Gender', 'Sex'],
      ['Ada Lovelace', 'ada@example.com', 'Female', 'Male'],
      ['Alan Turing', 'alan@example.com', 'Male', 'male'],
    ]), 'utf-8'));
    const result = await checkFile(path, { catalog: CATALOG });
    expect(targets(result)).toEqual(['name', 'email', 'demographic:Gender', 'demographic:Gender']);
    expect(result.participants.map((p) => [p.invalid_fields, p.demographic_ids])).toEqual([[['demographics'], [11, 12]], [[], [12]]]);
    expect(result.summary).toEqual({ total: 2, valid: 1, invalid: 1, duplicates: 0, identity_conflicts: 0 });
  });
});
