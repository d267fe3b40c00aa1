import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SheetReadError, type SheetErrorCode } from './errors';
import { unpackWorkbook, type PackedWorkbook } from './grid-transfer';
import type { ReadOptions } from './read';
import type { WorkbookData } from './types';

/**
 * The built app and command line ship the worker as `sheet-worker.js` next to their
 * bundle; tests and development run the TypeScript source through tsx.
 */
function workerEntry(): { url: URL; execArgv: string[] } {
  const built = new URL('./sheet-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return { url: built, execArgv: [] };
  return { url: new URL('./worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
}

type Message = { type: 'progress'; fraction: number } | { type: 'done'; data: PackedWorkbook } | { type: 'failed'; code: SheetErrorCode; message: string };

/** Reads a spreadsheet in a worker thread, so a window or a server stays responsive. */
export function readWorkbookInWorker(path: string, options: ReadOptions = {}): Promise<WorkbookData> {
  const { onProgress, ...rest } = options;
  const { url, execArgv } = workerEntry();
  return new Promise((resolve, reject) => {
    // A heap limit makes a file that needs too much memory end the worker, not the app. A
    // small young generation costs no speed here (cells are kept, the rest dies young) and
    // keeps some 40 MB less resident while a 100,000-row sheet is read.
    const limits = { maxOldGenerationSizeMb: 2048, maxYoungGenerationSizeMb: 8 };
    const worker = new Worker(url, { workerData: { path, options: rest }, execArgv, resourceLimits: limits });
    let settled = false;
    worker.on('message', (message: Message) => {
      if (message.type === 'progress') onProgress?.(message.fraction);
      else {
        settled = true;
        const stopped = worker.terminate();
        // Rows are built here only once the worker and all it held are gone, so the two
        // threads' copies of a large sheet never take memory at the same time.
        if (message.type === 'done') void stopped.finally(() => resolve(unpackWorkbook(message.data)));
        else reject(new SheetReadError(message.code, message.message));
      }
    });
    worker.on('error', () => {
      if (!settled) reject(new SheetReadError('unreadable', 'Reading the file stopped unexpectedly (the file may be too large for the memory available).'));
    });
    worker.on('exit', (code) => {
      if (!settled && code !== 0) reject(new SheetReadError('unreadable', 'Reading the file stopped unexpectedly.'));
    });
  });
}
