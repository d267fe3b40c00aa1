#!/usr/bin/env node
// The built command line lives in out/cli (npm run build). Keep this file tiny: it only
// points the pinned Node at the bundle, so a missing build or a wrong Node gets a plain
// sentence, not a stack trace or a crash.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nodeDecision } from './pinned-node.js';

const decision = nodeDecision();
if (decision.action === 'refuse') {
  console.error(decision.message);
  process.exit(2);
}
if (decision.action === 'reexec') {
  const child = spawn(decision.path, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, MUSTER_PINNED_NODE: '1' },
  });
  // A terminal's Ctrl-C reaches both processes; a signal sent to this one alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`muster: could not start ${decision.path} (${error.code ?? error.message}); run \`npm ci\` to reinstall it.`);
    process.exit(2);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
} else {
  await runHere();
}

async function runHere() {
  const entry = fileURLToPath(new URL('../out/cli/index.js', import.meta.url));
  if (!existsSync(entry)) {
    console.error('muster: the command line is not built yet. Run `npm run build` first.');
    process.exit(2);
  }
  const { main } = await import(pathToFileURL(entry).href);
  process.exitCode = await main(process.argv.slice(2));
}
