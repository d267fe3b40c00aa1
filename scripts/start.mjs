#!/usr/bin/env node
// `npm start` runs this after `npm run build`: the desktop app in Electron where its binary
// can run, otherwise the same UI and services in a browser through `muster preview --demo`.
// Arguments after `npm start --` go to the preview (e.g. `npm start -- --port 5000`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The Electron binary's path when it can be used, else null. Asked in a child process: the
 * electron package downloads its binary on first use and prints a stack trace when it cannot,
 * which should not reach the person running `npm start`.
 */
export function electronBinary(env = process.env) {
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(String(require('electron')))"], {
    cwd: root,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    // The first run on a connected machine downloads Electron (about 100 MB).
    timeout: 10 * 60 * 1000,
  });
  const path = probe.status === 0 ? probe.stdout.trim() : '';
  return path && existsSync(path) ? path : null;
}

/** Runs a child and mirrors its end; signals are passed on so it can close cleanly. */
function run(args, env = process.env) {
  // Its own process group on POSIX, so a terminal's Ctrl-C reaches it once (through us), not twice.
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit', detached: process.platform !== 'win32' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal ? 1 : 0);
  });
}

function main() {
  const electron = electronBinary();
  if (electron) {
    // electron-vite's exports hide its bin, so it is found from its main file.
    const electronVite = join(dirname(createRequire(import.meta.url).resolve('electron-vite')), '..', 'bin', 'electron-vite.js');
    // electron-vite honours ELECTRON_EXEC_PATH, so it starts the very binary found above.
    run([electronVite, 'preview', '--skipBuild'], { ...process.env, ELECTRON_EXEC_PATH: electron });
    return;
  }
  console.log('Electron is not available on this machine, so Muster runs in your browser instead: open the address below.');
  run([join(root, 'bin', 'muster.js'), 'preview', '--demo', ...process.argv.slice(2)]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
