/**
 * Files the fuzz campaign found hanging the reader, rebuilt from their base workbook and the
 * bytes the campaign changed (run with more seeds than the test's). Each is read in this
 * worker, so the test can stop a hang with a deadline.
 */
import { parentPort } from 'node:worker_threads';
import { readWorkbookBytes } from '../../../../src/services/sheets/read';
import { SheetReadError } from '../../../../src/services/sheets/errors';
import { PARTICIPANT_SHEET, workbookBytes } from '../../../fixtures/sheets';

interface Found {
  name: string;
  format: 'xlsx' | 'ods';
  /** The base's length, so a changed fixture (which the flips no longer fit) is noticed. */
  length: number;
  flips: [offset: number, value: number][];
}

// Both are sound to fflate, while SheetJS's own unzip, which trusts local headers, loops forever.
const FOUND: Found[] = [
  {
    name: 'xlsx whose relationships are garbled, so it goes to SheetJS',
    format: 'xlsx',
    length: 9760,
    flips: [[178, 1], [2738, 182], [3512, 49], [5250, 199], [7841, 148], [8081, 216], [8094, 40], [9156, 121], [9238, 83], [9726, 104]],
  },
  {
    name: 'ods with a damaged local header',
    format: 'ods',
    length: 5148,
    flips: [[29, 160], [175, 205], [952, 111], [1551, 252], [1608, 154], [1644, 189], [1978, 6], [2409, 195], [2929, 200], [3128, 199], [3815, 111], [4426, 176], [4451, 158], [4458, 84], [4617, 137], [4635, 182], [4880, 223]],
  },
];

for (const found of FOUND) {
  const bytes = Uint8Array.from(workbookBytes({ P: PARTICIPANT_SHEET, Notes: [['n']] }, found.format));
  if (bytes.length !== found.length) {
    parentPort?.postMessage({ name: found.name, outcome: `the base is ${bytes.length} bytes now, not ${found.length}: record the case again` });
    continue;
  }
  for (const [offset, value] of found.flips) bytes[offset] = value;
  parentPort?.postMessage({ name: found.name, outcome: 'reading' });
  let outcome: string;
  try {
    readWorkbookBytes(bytes);
    outcome = 'data';
  } catch (error) {
    outcome = error instanceof SheetReadError ? `error: ${error.code}` : `unclear: ${String(error)}`;
  }
  parentPort?.postMessage({ name: found.name, outcome });
}
parentPort?.postMessage({ done: true });
