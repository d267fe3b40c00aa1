/**
 * The machine's own Node, and the processes a wrapper started, for tests of how
 * bin/muster.js behaves when it runs under a Node that is not the pinned one.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The machine's own Node, as `node bin/muster.js` from a shell would find it (not the pinned one). */
export function systemNode(): string {
  const path = (process.env.PATH ?? '').split(':').filter((dir) => dir && !dir.includes('node_modules'));
  const found = spawnSync('sh', ['-c', 'command -v node'], { env: { ...process.env, PATH: path.join(':') }, encoding: 'utf8' });
  const node = found.stdout.trim();
  if (!node) throw new Error('no system Node on PATH besides the pinned one');
  return node;
}

/** `ppid` and state of a process from /proc, or null once it is gone. */
function stat(pid: number): { ppid: number; state: string } | null {
  try {
    // The command name in parentheses may hold spaces; the fields after it do not.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(ppid), state };
  } catch {
    return null;
  }
}

/** The ids of the processes whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((candidate) => stat(candidate)?.ppid === pid);
}

/** Whether `pid` still runs (a zombie waiting for its parent to reap it has stopped). */
export function isRunning(pid: number): boolean {
  const found = stat(pid);
  return found !== null && found.state !== 'Z';
}

/** Polls until `pid` has stopped or `ms` have passed; resolves whether it stopped. */
export async function stopsWithin(pid: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!isRunning(pid)) return true;
    await new Promise((done) => setTimeout(done, 50));
  }
  return !isRunning(pid);
}
