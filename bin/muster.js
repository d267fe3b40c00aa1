#!/usr/bin/env node
// The built command line lives in out/cli (npm run build). Keep this file tiny: it only
// points Node at the bundle, so a missing build gets a plain sentence, not a stack trace.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = fileURLToPath(new URL('../out/cli/index.js', import.meta.url));
if (!existsSync(entry)) {
  console.error('muster: the command line is not built yet. Run `npm run build` first.');
  process.exit(2);
}
const { main } = await import(pathToFileURL(entry).href);
process.exitCode = await main(process.argv.slice(2));
