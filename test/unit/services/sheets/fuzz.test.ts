import { Worker } from 'node:worker_threads';
import { expect, it } from 'vitest';

const CASES = 2400;

it(`ends each of ${CASES} mutated or truncated spreadsheets in data or a clear error, without hanging`, async () => {
  const worker = new Worker(new URL('./fuzz-worker.ts', import.meta.url), { workerData: { cases: CASES, seed: 20261123 }, execArgv: ['--import', 'tsx'] });
  let lastCase = -1;
  const tally = await new Promise<any>((resolve, reject) => {
    const deadline = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`the reader hung or crawled on case ${lastCase}`));
    }, 90_000);
    worker.on('message', (message) => {
      if (message.type === 'case') lastCase = message.index;
      else {
        clearTimeout(deadline);
        resolve(message.tally);
      }
    });
    worker.on('error', (error) => reject(new Error(`the reader crashed on case ${lastCase}: ${error.message}`)));
    worker.on('exit', (code) => code !== 0 && reject(new Error(`the reader's thread exited with ${code} at case ${lastCase}`)));
  });
  await worker.terminate();
  console.info(`fuzz: ${CASES} cases → ${tally.data} read, errors ${JSON.stringify(tally.errors)}, slowest ${Math.round(tally.slowest)} ms`);
  expect(tally.unclear).toEqual([]);
  const errors = Object.values(tally.errors as Record<string, number>).reduce((a, b) => a + b, 0);
  expect(tally.data + errors).toBe(CASES);
  // both outcomes occur, so the mutations really do reach the reader's error paths
  expect(tally.data).toBeGreaterThan(0);
  expect(errors).toBeGreaterThan(0);
  expect(tally.slowest).toBeLessThan(10_000);
}, 120_000);
