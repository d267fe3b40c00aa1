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
    // The extra IPC channel is how the child notices this process is gone, even by SIGKILL,
    // which no handler here can see; the terminal's streams stay inherited.
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
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
  stopWithWrapper();
  const entry = fileURLToPath(new URL('../out/cli/index.js', import.meta.url));
  if (!existsSync(entry)) {
    console.error('muster: the command line is not built yet. Run `npm run build` first.');
    process.exit(2);
  }
  const { main } = await import(pathToFileURL(entry).href);
  process.exitCode = await main(process.argv.slice(2));
}

/**
 * Started by the wrapper above: stop when the wrapper goes, however it went, so killing
 * `muster` never leaves a push finishing behind the person's back. The stop is a SIGTERM to
 * itself (the commands stop cleanly on it, as on Ctrl-C), then a hard exit if that hangs.
 */
function stopWithWrapper() {
  if (process.env.MUSTER_PINNED_NODE !== '1' || !process.channel) return;
  // The channel only watches; it must not keep a finished command running.
  process.channel.unref();
  process.once('disconnect', () => {
    setTimeout(() => process.exit(143), 5_000).unref();
    process.kill(process.pid, 'SIGTERM');
  });
}
