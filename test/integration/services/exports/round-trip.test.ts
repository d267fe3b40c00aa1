/**
 * What Muster writes, Muster reads back unchanged: every export of the app's (the workspace's
 * list and problems, the mirror's subjects, the service's own subject export), in each format
 * it writes, read by Muster's own reader, gives every cell back exactly as it was written —
 * the formula guard a csv carries for spreadsheet apps included, which the reader takes off.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subject } from '../../../../src/core/contract/subjects';
import { writeSheet } from '../../../../src/services/sheets/write';
import { readWorkbookBytes } from '../../../../src/services/sheets/read';
import { DraftSession, exportSubjectsOnService, exportSubjectsTo, saveSubjectOffline, subjectTable, type MirrorPlace } from '../../../../src/services/usecases';
import { HOSTILE_VALUES, TRIMMED_HOSTILE_VALUES } from '../../../fixtures/hostile-values';
import { startTestService, type TestService } from '../../../support/service';

let service: TestService;
let place: MirrorPlace;
const dir = mkdtempSync(join(tmpdir(), 'muster-round-trip-'));
const FORMATS = ['xlsx', 'csv'] as const;

beforeAll(async () => {
  service = await startTestService();
  place = { dataDir: join(dir, 'data'), serverUrl: service.url, account: 'default' };
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The first sheet of a file as Muster reads it. */
const readBack = (path: string) => readWorkbookBytes(readFileSync(path)).sheets[0].rows;

/** A written table as the reader gives it back: rows and cells past the last value are not kept. */
function asRead(rows: readonly (readonly string[])[]): string[][] {
  const copy = rows.map((row) => {
    const cells = [...row];
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    return cells;
  });
  while (copy.length > 0 && copy[copy.length - 1].length === 0) copy.pop();
  return copy;
}

function column(rows: readonly (readonly string[])[], name: string): string[] {
  const [header, ...data] = rows;
  const at = header.indexOf(name);
  expect(at, name).toBeGreaterThanOrEqual(0);
  return data.map((row) => row[at] ?? '');
}

describe('a sheet Muster writes', () => {
  const table = { header: ['Value', 'Note'], rows: HOSTILE_VALUES.map((v, i) => [v, HOSTILE_VALUES[HOSTILE_VALUES.length - 1 - i]]) };

  it.each([['xlsx', 'none'], ['csv', ','], ['csv', ';'], ['csv', '\t']] as const)('as %s separated by %j reads back cell for cell', (format, delimiter) => {
    const path = join(dir, `sheet-${delimiter.charCodeAt(0)}.${format}`);
    writeFileSync(path, writeSheet(format, 'Values', table.header, table.rows, delimiter === 'none' ? {} : { delimiter }));
    expect(readBack(path)).toEqual(asRead([table.header, ...table.rows]));
  });
});

describe('the workspace’s exports', () => {
  let session: DraftSession;

  beforeAll(async () => {
    const input = join(dir, 'hostile.xlsx');
    const header = ['External ID', 'Name', 'E-mail', 'Note'];
    const rows = HOSTILE_VALUES.map((v, i) => [v, v, i % 5 === 0 ? v : `p${i}@example.com`, v]);
    writeFileSync(input, writeSheet('xlsx', 'People', header, rows));
    session = await DraftSession.create(place, { file: input, externalEventId: 4711 });
  });
  afterAll(() => session?.close());

  describe.each(FORMATS)('as %s', (format) => {
    it.each([['list', false], ['problems', true]] as const)('the %s reads back with every participant’s values as the draft holds them', async (kind, problemsOnly) => {
      const path = join(dir, `${kind}.${format}`);
      const written = await session.exportTo(path, { problemsOnly });
      const shown = session.page({ problemsOnly, limit: 1000 }).rows;
      expect(written).toBe(shown.length);
      expect(written).toBeGreaterThan(0);
      const back = readBack(path);
      expect(column(back, 'External ID')).toEqual(shown.map((r) => r.cells.external_id));
      expect(column(back, 'Name')).toEqual(shown.map((r) => r.cells.name));
      expect(column(back, 'Note')).toEqual(shown.map((r) => r.cells.note));
      expect(column(back, 'E-mail')).toEqual(shown.map((r) => r.cells.email));
      if (!problemsOnly) expect(column(back, 'External ID')).toEqual(expect.arrayContaining(TRIMMED_HOSTILE_VALUES));
    });
  });
});

describe('the subjects export from this computer', () => {
  const filters = { search_term: 'Roundtrip', order_by: 'id' as const, per: 1000 };

  beforeAll(() => {
    for (const value of HOSTILE_VALUES) {
      const saved = saveSubjectOffline(place, null, { first_name: value, last_name: 'Roundtrip', phone: value.slice(0, 40), notes: value });
      expect(saved.saved, JSON.stringify(value)).toBe(true);
    }
  });

  it.each(FORMATS)('as %s reads back cell for cell', async (format) => {
    const path = join(dir, `subjects.${format}`);
    expect(await exportSubjectsTo(place, filters, path)).toBe(HOSTILE_VALUES.length);
    const back = readBack(path);
    expect(back).toEqual(asRead([subjectTable(place, filters).header, ...subjectTable(place, filters).rows]));
    expect(column(back, 'Phone')).toEqual(expect.arrayContaining(TRIMMED_HOSTILE_VALUES));
    expect(column(back, 'Notes')).toEqual(expect.arrayContaining(TRIMMED_HOSTILE_VALUES));
  });
});

describe('the service’s own subject export', () => {
  it('reads back with every value as the service stores it', async () => {
    const api = service.client();
    const stored: Subject[] = [];
    for (const value of HOSTILE_VALUES) {
      const created = await api.post('/api/v1/subjects', { first_name: value, last_name: 'Servicetrip', phone: value.slice(0, 40), notes: value });
      expect(created.status, JSON.stringify(value)).toBe(201);
      stored.push(created.body.response as Subject);
    }
    const path = join(dir, 'service.xlsx');
    await exportSubjectsOnService({ ...place, token: () => service.token }, { selected_subjects: stored.map((s) => s.id), order_by: 'id', order_dir: 'asc' }, path);
    const back = readBack(path);
    expect(column(back, 'ID')).toEqual(stored.map((s) => String(s.id)));
    expect(column(back, 'First name')).toEqual(stored.map((s) => s.first_name));
    expect(column(back, 'Phone')).toEqual(stored.map((s) => s.phone ?? ''));
    expect(column(back, 'Notes')).toEqual(stored.map((s) => s.notes ?? ''));
    expect(column(back, 'Notes')).toEqual(expect.arrayContaining(TRIMMED_HOSTILE_VALUES));
  });
});
