/**
 * Peak memory of reading the 100,000-row xlsx (issue 4: goal ≤ 300 MB), measured in fresh
 * processes as their maximum resident set: the built `muster check` (reader worker
 * included) against SheetJS's bare read + sheet_to_json of the same file. The same rows are
 * also read as Excel writes them, every text in the shared-strings table, which the reader
 * reads by another path.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { benchFiles, SHEET_ROWS, sheetRows } from './sheet-files';

const root = process.cwd();
const cli = join(root, 'out/cli/index.js');

function peakMb(script: string, file: string): number {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, file], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`memory probe failed: ${run.stderr.split('\n')[0]}`);
  // maxRSS is in kilobytes and covers every thread of the process, the reader worker too.
  return Math.round(Number(run.stdout.trim().split('\n').pop()) / 1024);
}

const MUSTER = `
const { main } = await import(${JSON.stringify(pathToFileURL(cli).href)});
const code = await main(['check', process.argv[1], '--max-mb', '512'], { out() {}, err(t) { process.stderr.write(t + '\\n'); } });
if (code !== 0) process.exit(1);
console.log(process.resourceUsage().maxRSS);`;

const SHEETJS = `
const XLSX = await import('@e965/xlsx');
const { readFileSync } = await import('node:fs');
const book = XLSX.read(readFileSync(process.argv[1]), { type: 'buffer' });
const rows = XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1 });
if (rows.length < 2) process.exit(1);
console.log(process.resourceUsage().maxRSS);`;

/** The benchmark's rows with every text in the shared-strings table, written once next to the others. */
function sharedStringsFile(xlsx: string): string {
  const file = join(dirname(xlsx), `participants-${SHEET_ROWS}-shared-strings.xlsx`);
  if (!existsSync(file)) {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheetRows()), 'Participants');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true }));
  }
  return file;
}

export interface MemoryResult {
  name: string;
  description: string;
  peak_mb: number;
  floor: { name: string; peak_mb: number };
  ratio: number;
  shared_strings: { name: string; peak_mb: number };
  goal: { peak_mb: number };
  met: boolean;
}

export function intakeMemoryBenchmark(): MemoryResult {
  if (!existsSync(cli)) throw new Error('out/cli/index.js is missing: run `npm run build` first.');
  const { xlsx } = benchFiles();
  const shared = sharedStringsFile(xlsx);
  const runs = [0, 1, 2].map(() => ({ muster: peakMb(MUSTER, xlsx), sheetjs: peakMb(SHEETJS, xlsx), shared: peakMb(MUSTER, shared) }));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[1];
  const peak = median(runs.map((r) => r.muster));
  const floor = median(runs.map((r) => r.sheetjs));
  const sharedPeak = median(runs.map((r) => r.shared));
  return {
    name: 'intake-xlsx-memory',
    description: `peak resident memory of muster check on the ${SHEET_ROWS.toLocaleString('en-US')}-row × 10-column xlsx`,
    peak_mb: peak,
    floor: { name: "SheetJS's bare read + sheet_to_json of the same file", peak_mb: floor },
    ratio: Math.round((peak / floor) * 1000) / 1000,
    shared_strings: { name: 'muster check of the same rows as Excel writes them (a shared-strings table)', peak_mb: sharedPeak },
    goal: { peak_mb: 300 },
    met: peak <= 300 && sharedPeak <= 300,
  };
}
