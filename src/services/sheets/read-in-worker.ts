import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SheetReadError, type SheetErrorCode } from './errors';
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

type Message = { type: 'progress'; fraction: number } | { type: 'done'; data: WorkbookData } | { type: 'failed'; code: SheetErrorCode; message: string };

/** Reads a spreadsheet in a worker thread, so a window or a server stays responsive. */
export function readWorkbookInWorker(path: string, options: ReadOptions = {}): Promise<WorkbookData> {
  const { onProgress, ...rest } = options;
  const { url, execArgv } = workerEntry();
  return new Promise((resolve, reject) => {
    // A heap limit makes a file that needs too much memory end the worker, not the app.
    const worker = new Worker(url, { workerData: { path, options: rest }, execArgv, resourceLimits: { maxOldGenerationSizeMb: 2048 } });
    let settled = false;
    worker.on('message', (message: Message) => {
      if (message.type === 'progress') onProgress?.(message.fraction);
      else {
        settled = true;
        void worker.terminate();
        if (message.type === 'done') resolve(message.data);
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
