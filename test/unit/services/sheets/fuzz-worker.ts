/** Runs the fuzz campaign in a worker so the test can stop a hang with a deadline. */
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { readWorkbookBytes } from '../../../../src/services/sheets/read';
import { SheetReadError } from '../../../../src/services/sheets/errors';
import { OLDER_FORMATS } from '../../../fixtures/older-formats';
import { csvText, encode, PARTICIPANT_SHEET, workbook, workbookBytes } from '../../../fixtures/sheets';

const { cases, seed } = workerData as { cases: number; seed: number };
let state = seed >>> 0;
const random = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const pick = (n: number) => Math.floor(random() * n);

const bases: Uint8Array[] = [
  ...(['xlsx', 'xls', 'ods', 'fods'] as const).map((f) => workbookBytes({ P: PARTICIPANT_SHEET, Notes: [['n']] }, f)),
  // as Excel writes it: every text in the shared-strings table, which the fast reader streams too
  XLSX.write(workbook({ P: PARTICIPANT_SHEET, Notes: [['n']] }), { type: 'buffer', bookType: 'xlsx', bookSST: true, compression: true }) as Uint8Array,
  encode(csvText([['id', 'name', 'email'], ['001', 'Zoë', 'z@example.com'], ['002', 'Bob', 'b@example.com']], ';'), 'utf-16le'),
  encode(csvText([['id', 'name'], ['1', 'Ünal']]), 'windows-1252'),
  // Numbers, Excel 2–4's bare streams, Lotus, dBASE, SYLK, DIF and RTF: SheetJS's other readers.
  ...(['participants.numbers', 'participants-excel2.xls', 'participants-excel4.xls', 'participants.wk1', 'participants.wk3', 'participants.dbf', 'participants.slk', 'participants.dif', 'participants.rtf'] as const).map((f) => OLDER_FORMATS[f].build()),
];

function mutate(base: Uint8Array): Uint8Array {
  const bytes = Uint8Array.from(base);
  switch (pick(5)) {
    case 0:
      return bytes.subarray(0, pick(bytes.length)); // truncated
    case 1:
      for (let i = 0, n = 1 + pick(20); i < n; i++) bytes[pick(bytes.length)] = pick(256); // flipped bytes
      return bytes;
    case 2: {
      const at = pick(bytes.length);
      const junk = Uint8Array.from({ length: 1 + pick(64) }, () => pick(256));
      return Uint8Array.from([...bytes.subarray(0, at), ...junk, ...bytes.subarray(at)]); // inserted
    }
    case 3: {
      const from = pick(bytes.length);
      return Uint8Array.from([...bytes.subarray(0, from), ...bytes.subarray(from + 1 + pick(200))]); // cut out
    }
    default: {
      const at = pick(bytes.length);
      bytes.fill(0, at, at + pick(512)); // zeroed run
      return bytes;
    }
  }
}

const tally = { data: 0, errors: {} as Record<string, number>, unclear: [] as string[], slowest: 0 };
for (let i = 0; i < cases; i++) {
  const input = mutate(bases[i % bases.length]);
  parentPort?.postMessage({ type: 'case', index: i });
  const started = performance.now();
  try {
    readWorkbookBytes(input);
    tally.data++;
  } catch (error) {
    if (error instanceof SheetReadError && error.message.length > 0 && !/\n\s+at /.test(error.message)) {
      tally.errors[error.code] = (tally.errors[error.code] ?? 0) + 1;
    } else {
      tally.unclear.push(`case ${i}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    }
  }
  tally.slowest = Math.max(tally.slowest, performance.now() - started);
}
parentPort?.postMessage({ type: 'done', tally });
