import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');

describe('the built preload', () => {
  // A sandboxed preload can require only `electron` (and a few Node polyfills); anything
  // else the bundle left as a require() would throw when the window opens.
  it('requires nothing but electron', () => {
    const file = join(root, 'out/preload/index.cjs');
    if (!existsSync(file)) throw new Error('out/preload/index.cjs is missing: run `npm run build` first (npm test does).');
    const required = [...readFileSync(file, 'utf8').matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
  });
});
