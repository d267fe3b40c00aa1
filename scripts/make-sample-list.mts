/**
 * Writes resources/sample/sample-participants.xlsx, the list the demo's event offers as
 * "Open the sample list" (its rows: test/fixtures/sample-list.ts).
 * Run: npx tsx scripts/make-sample-list.mts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SAMPLE_FILE, sampleWorkbook } from '../test/fixtures/sample-list';

const target = resolve(dirname(fileURLToPath(import.meta.url)), '../resources/sample', SAMPLE_FILE);
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, sampleWorkbook());
console.log(`wrote ${target}`);
