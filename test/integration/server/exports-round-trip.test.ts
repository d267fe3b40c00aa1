import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportTable } from '../../../src/services/exports/participant-export';
import { readWorkbookBytes } from '../../../src/services/sheets/read';
import { startTestService, type TestService } from '../../support/service';

// Values spreadsheet apps would run or reinterpret: every one must come back as written,
// through the service's export and through Muster's own, read back by Muster's reader.
const TRICKY = ['=1+1', '+49 30 1234', '-5', '@home', '\tTab first', 'carriage\rreturn', 'line\nbreak', "'quoted", '_x0041_ kept'];

let service: TestService;
const dir = mkdtempSync(join(tmpdir(), 'muster-round-trip-'));
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('exports keep values', () => {
  it('the service’s subject export gives every value back unchanged', async () => {
    const api = service.client();
    const stored: { id: number; first_name: string; notes: string }[] = [];
    for (const value of TRICKY) {
      const created = await api.post('/api/v1/subjects', { first_name: value, last_name: 'Round', notes: value });
      expect(created.status).toBe(201);
      stored.push(created.body.response);
    }
    // The service trims names and notes as it stores them (its input rules); the export
    // must give back exactly what it stored, the formula-looking starts included.
    expect(stored.map((s) => s.notes).slice(0, 4)).toEqual(TRICKY.slice(0, 4));
    const ids = stored.map((s) => s.id);
    const made = await api.post('/api/v1/subjects/export', { selected_subjects: ids, order_by: 'id', order_dir: 'asc' });
    const file = await api.get(made.body.response.download_path);
    const [header, ...rows] = readWorkbookBytes(new Uint8Array(file.body)).sheets[0].rows;
    const column = (name: string) => rows.map((row) => row[header.indexOf(name)]);
    expect(column('First name')).toEqual(stored.map((s) => s.first_name));
    expect(column('Notes')).toEqual(stored.map((s) => s.notes));
  });

  it('Muster’s own xlsx export gives every value back unchanged', async () => {
    const path = join(dir, 'list.xlsx');
    await exportTable(path, 'List', { header: ['Name', 'Phone'], rows: TRICKY.map((value) => [value, value]) });
    const [, ...rows] = readWorkbookBytes(readFileSync(path)).sheets[0].rows;
    expect(rows.map((row) => row[0])).toEqual(TRICKY);
    expect(rows.map((row) => row[1])).toEqual(TRICKY);
  });
});
