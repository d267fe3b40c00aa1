// Which Node runs the command line. The native SQLite module ships built for the Node that
// package.json pins (the `node` devDependency); loaded into another major version it crashes
// the process with a bare "Segmentation fault". So a launch under another Node re-executes
// under the pinned one, and says in a sentence what to do when that one is missing.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The pinned major version, or null when package.json pins none. */
export function pinnedMajor(packageJson = JSON.parse(readFileSync(`${root}package.json`, 'utf8'))) {
  const pinned = packageJson.devDependencies?.node ?? packageJson.dependencies?.node;
  const major = /^\D*(\d+)\./.exec(pinned ?? '')?.[1];
  return major ? Number(major) : null;
}

/** The pinned Node's executable inside the repository, if it is installed. */
export function pinnedNodePath(platform = process.platform) {
  const file = fileURLToPath(new URL(platform === 'win32' ? '../node_modules/node/bin/node.exe' : '../node_modules/node/bin/node', import.meta.url));
  return existsSync(file) ? file : null;
}

/**
 * What to do for this launch: run here, re-execute under `path`, or refuse with `message`.
 * `guard` is set by a re-execution so a broken pinned Node can never loop.
 */
export function nodeDecision({ running = process.versions.node, pinned = pinnedMajor(), path = pinnedNodePath(), guard = process.env.MUSTER_PINNED_NODE } = {}) {
  const major = Number(running.split('.')[0]);
  if (pinned === null || major === pinned) return { action: 'run' };
  if (path && !guard) return { action: 'reexec', path };
  return {
    action: 'refuse',
    message: `muster: this command line needs Node ${pinned} (it is running on Node ${running}); run \`npm ci\` in ${root} to install it, then use \`npx muster\` or \`npm exec muster\`.`,
  };
}
