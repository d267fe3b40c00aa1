import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository or installed package this code runs from: the first folder upwards with a
 * package.json. Works both from the sources (src/cli/…) and from the bundle (out/cli/).
 */
export function packageRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}.`);
    dir = parent;
  }
}

/** Where `npm run build` puts the renderer. */
export function builtRendererDir(root: string = packageRoot()): string {
  return join(root, 'out', 'renderer');
}
