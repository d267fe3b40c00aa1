import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readWorkbookInWorker } from '../../../../src/services/sheets/read-in-worker';
import { SheetReadError } from '../../../../src/services/sheets/errors';
import { workbookBytes } from '../../../fixtures/sheets';

const dir = mkdtempSync(join(tmpdir(), 'muster-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('reads a sheet in a worker thread and reports progress up to the end', async () => {
  const rows = [['External ID', 'Name'], ...Array.from({ length: 20_000 }, (_, i) => [String(i).padStart(6, '0'), `Person ${i}`])];
  const file = join(dir, 'people.xlsx');
  writeFileSync(file, workbookBytes({ People: rows }, 'xlsx'));
  const seen: number[] = [];
  const data = await readWorkbookInWorker(file, { onProgress: (f) => seen.push(f) });
  expect(data.sheets[0].rows).toHaveLength(20_001);
  expect(data.sheets[0].rows[20_000]).toEqual(['019999', 'Person 19999']);
  expect(seen.length).toBeGreaterThan(1);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
});

it('turns a broken file into a SheetReadError across the thread boundary', async () => {
  const file = join(dir, 'broken.xlsx');
  writeFileSync(file, Buffer.from('PK\u0003\u0004 not really a zip'));
  await expect(readWorkbookInWorker(file)).rejects.toSatisfy((e: unknown) => e instanceof SheetReadError && e.code === 'truncated');
  await expect(readWorkbookInWorker(join(dir, 'missing.csv'))).rejects.toThrow(/There is no file missing.csv/);
});
