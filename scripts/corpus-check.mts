/**
 * Reads every file of a folder of workbooks (for example a checkout of SheetJS's public
 * test_files) with SheetJS alone and with Muster's intake, and counts what each reads:
 * `npx tsx scripts/corpus-check.mts DIR [--list]`. A file that SheetJS reads and Muster
 * refuses is listed with Muster's sentence. Nothing of the folder is kept.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { readWorkbookBytes } from '../src/services/sheets/read';

// Outputs SheetJS's own tests compare against, not workbooks.
const DERIVED = /\.(csv|json|rawjson|sheetnames|skip|sh|scpt|py|rb|yml|yaml|b64|md|lst)"?$|^\.|\/\./;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

function sheetJsReads(bytes: Buffer): boolean {
  try {
    const book = XLSX.read(bytes, { type: 'buffer', dense: true, WTF: false });
    // Read means a cell with something in it: a workbook of empty sheets holds no list.
    return book.SheetNames.some((name) => ((book.Sheets[name]?.['!data'] ?? []) as ({ v?: unknown }[] | undefined)[]).some((row) => row?.some((cell) => cell?.v !== undefined && cell.v !== '')));
  } catch {
    return false;
  }
}

const [root, ...flags] = process.argv.slice(2);
if (!root) {
  console.error('usage: tsx scripts/corpus-check.mts DIR [--list]');
  process.exit(2);
}
const counts = { files: 0, sheetjs: 0, muster: 0, musterOnly: 0, refused: 0, crashed: 0 };
const refused: string[] = [];
for (const path of files(root)) {
  const name = relative(root, path);
  if (DERIVED.test(name)) continue;
  counts.files++;
  const bytes = readFileSync(path);
  // A copy: SheetJS's Lotus reader changes the buffer it is given.
  const bySheetJs = sheetJsReads(Buffer.from(bytes));
  let byMuster = false;
  let why = '';
  try {
    readWorkbookBytes(bytes, { name });
    byMuster = true;
  } catch (error) {
    why = error instanceof Error ? error.message : String(error);
    if (!(error as { code?: string }).code) counts.crashed++;
  }
  if (bySheetJs) counts.sheetjs++;
  if (byMuster) counts.muster++;
  if (byMuster && !bySheetJs) counts.musterOnly++;
  if (bySheetJs && !byMuster) {
    counts.refused++;
    refused.push(`${name}\t${why}`);
  }
}
console.log(JSON.stringify(counts));
if (flags.includes('--list')) for (const line of refused) console.log(line);
