import { Worker } from 'node:worker_threads';
import { expect, it } from 'vitest';

it('ends each file the fuzz campaign once found hanging in data or a clear error', async () => {
  const worker = new Worker(new URL('./fuzz-found-worker.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  const outcomes = new Map<string, string>();
  try {
    await new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error(`the reader hung on: ${[...outcomes].filter(([, o]) => o === 'reading').map(([n]) => n).join(', ')}`)), 30_000);
      worker.on('message', (message: { name?: string; outcome?: string; done?: boolean }) => {
        if (message.done) {
          clearTimeout(deadline);
          resolve();
        } else outcomes.set(message.name!, message.outcome!);
      });
      worker.on('error', (error) => reject(error));
    });
  } finally {
    await worker.terminate();
  }
  expect(outcomes.size).toBe(2);
  for (const [name, outcome] of outcomes) expect(`${name}: ${outcome}`).toMatch(/: (data|error: \w+)$/);
}, 40_000);
