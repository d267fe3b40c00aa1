/**
 * Intake speed on the 100,000-row × 10-column participant sheet (issue 4): from the file to
 * checked participants, against the bare library parse of the same file.
 */
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import Papa from 'papaparse';
import { checkSheet } from '../../src/core/intake';
import { readWorkbookFile } from '../../src/services/sheets/read';
import { now, seconds, type Benchmark } from './harness';
import { benchFiles, SHEET_ROWS } from './sheet-files';

const MAX_BYTES = 512 * 1024 * 1024;

async function checkedFile(path: string): Promise<number> {
  const start = now();
  const workbook = await readWorkbookFile(path, { maxBytes: MAX_BYTES });
  const result = checkSheet(workbook.sheets);
  const took = seconds(start);
  if (result.participants.length !== SHEET_ROWS) throw new Error(`read ${result.participants.length} participants, expected ${SHEET_ROWS}`);
  return took;
}

export function xlsxIntakeBenchmark(): Benchmark {
  let file = '';
  return {
    name: 'intake-xlsx',
    description: `${SHEET_ROWS.toLocaleString('en-US')}-row × 10-column xlsx: read, find the header, map and parse every row`,
    items: SHEET_ROWS,
    unit: 'rows',
    floorName: "SheetJS's bare read + sheet_to_json of the same file",
    setup: () => void (file = benchFiles().xlsx),
    figure: () => checkedFile(file),
    floor: () => {
      const start = now();
      const book = XLSX.read(readFileSync(file), { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1 });
      const took = seconds(start);
      if (rows.length !== SHEET_ROWS + 1) throw new Error(`SheetJS read ${rows.length} rows`);
      return took;
    },
    goal: { ratio: 0.5 },
  };
}

export function csvIntakeBenchmark(): Benchmark {
  let file = '';
  return {
    name: 'intake-csv',
    description: `${SHEET_ROWS.toLocaleString('en-US')}-row × 10-column csv: detect the encoding and delimiter, read, map and parse every row`,
    items: SHEET_ROWS,
    unit: 'rows',
    floorName: "PapaParse's bare parse of the same file",
    setup: () => void (file = benchFiles().csv),
    figure: () => checkedFile(file),
    floor: () => {
      const start = now();
      const parsed = Papa.parse<string[]>(readFileSync(file, 'utf8'));
      const took = seconds(start);
      if (parsed.data.length !== SHEET_ROWS + 1) throw new Error(`PapaParse read ${parsed.data.length} rows`);
      return took;
    },
    goal: { ratio: 1.2 },
  };
}
