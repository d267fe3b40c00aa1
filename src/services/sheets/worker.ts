/**
 * Worker-thread entry: reads one spreadsheet off the main thread and reports progress.
 * Messages out: {type:'progress', fraction} then {type:'done', data} or {type:'failed', …}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readWorkbookFile, type ReadOptions } from './read';
import { SheetReadError } from './errors';
import { packWorkbook } from './grid-transfer';

interface Job {
  path: string;
  options: Omit<ReadOptions, 'onProgress'>;
}

const job = workerData as Job;
const port = parentPort;
if (!port) throw new Error('sheet worker started outside a worker thread');

let last = -1;
readWorkbookFile(job.path, {
  ...job.options,
  onProgress: (fraction) => {
    const percent = Math.floor(fraction * 100);
    if (percent !== last) {
      last = percent;
      port.postMessage({ type: 'progress', fraction });
    }
  },
})
  .then((data) => {
    const { packed, transfer } = packWorkbook(data);
    port.postMessage({ type: 'done', data: packed }, transfer);
  })
  .catch((error: unknown) => {
    if (error instanceof SheetReadError) port.postMessage({ type: 'failed', code: error.code, message: error.message });
    else port.postMessage({ type: 'failed', code: 'unreadable', message: 'The file could not be read as a spreadsheet.' });
  });
