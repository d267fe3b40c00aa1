import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, matchesGlob, resolve } from 'node:path';
import * as yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');

/** Every built JavaScript file under `folder` of out/. */
function bundles(folder: string): string[] {
  const dir = join(root, 'out', folder);
  if (!existsSync(dir)) throw new Error(`out/${folder} is missing: run \`npm run build\` first (npm test does).`);
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.js') || file.endsWith('.cjs'))
    .map((file) => join(dir, file));
}

/** Whether electron-builder's `files` patterns put `file` into an installer (last match wins). */
function packed(file: string, patterns: string[]): boolean {
  let included = false;
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) {
      if (matchesGlob(file, pattern.slice(1))) included = false;
    } else if (matchesGlob(file, pattern)) included = true;
  }
  return included;
}

describe('what a release ships', () => {
  // The crash-test hook kills the syncing process on an environment variable; only the test
  // build of the command line (out/cli-test) may hold it.
  it('holds no way to make the command line or the app crash on purpose', () => {
    const files = [...bundles('cli'), ...bundles('main')];
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) expect(readFileSync(file, 'utf8').includes('MUSTER_CRASH_AFTER'), file).toBe(false);
  });

  it('leaves the test build of the command line out of the installers', () => {
    const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as { files: string[] };
    expect(packed('out/cli/index.js', config.files)).toBe(true);
    expect(packed('out/cli-test/index.js', config.files)).toBe(false);
  });
});
