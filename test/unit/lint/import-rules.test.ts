import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of .dependency-cruiser.cjs, proven on planted trees: each case writes a
 * few files into a scratch `src/` beside the repository's node_modules, runs the real
 * dependency-cruiser over them, and reads which rules it broke. A config edit that switches a
 * rule off fails here.
 */
const root = resolve(__dirname, '../../..');
const cruiser = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
let scratch: string;

beforeAll(() => {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  scratch = mkdtempSync(join(root, '.tmp/import-rules-'));
  symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'), 'dir');
  // The repository's rules, with package paths read as node_modules/… through the link.
  writeFileSync(
    join(scratch, '.dependency-cruiser.cjs'),
    `const base = require(${JSON.stringify(join(root, '.dependency-cruiser.cjs'))});\nmodule.exports = { ...base, options: { ...base.options, preserveSymlinks: true } };\n`,
  );
  writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', target: 'ES2023', strict: true } }));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let cases = 0;
/** Writes `files` into a fresh src/ and answers the names of the rules broken. */
function brokenRules(files: Record<string, string>): string[] {
  const dir = join(scratch, `case-${++cases}`);
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', target: 'ES2023', strict: true } }));
  const run = spawnSync(process.execPath, [cruiser, 'src', '--config', join(scratch, '.dependency-cruiser.cjs'), '--output-type', 'json'], { cwd: dir, encoding: 'utf8' });
  const result = JSON.parse(run.stdout);
  return [...new Set<string>(result.summary.violations.map((v: { rule: { name: string } }) => v.rule.name))].sort();
}

describe('the import rules', () => {
  it.each([
    ['a dynamic import() across a layer', { 'src/core/a.ts': "export const load = () => import('../services/b');\n", 'src/services/b.ts': 'export const b = 1;\n' }, ['core-is-pure']],
    ['a require() across a layer', { 'src/server/a.ts': "export const b = require('../services/b');\n", 'src/services/b.ts': 'export const b = 1;\n' }, ['server-stands-on-core']],
    ['a Node module in core', { 'src/core/a.ts': "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n" }, ['core-is-pure']],
    ['a package not on core’s list', { 'src/core/a.ts': "import Papa from 'papaparse';\nexport const a = Papa;\n" }, ['core-is-pure']],
    ['the contract importing a rule of core', { 'src/core/contract/a.ts': "import { b } from '../drafts/b';\nexport const a = b;\n", 'src/core/drafts/b.ts': 'export const b = 1;\n' }, ['contract-is-the-floor']],
    ['Electron in services', { 'src/services/a.ts': "import { app } from 'electron';\nexport const a = app;\n" }, ['services-below-the-shell']],
    ['the preload importing node:fs', { 'src/preload/a.ts': "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n" }, ['preload-bridges-the-contract']],
    ['the preload importing main', { 'src/preload/a.ts': "import { b } from '../main/b';\nexport const a = b;\n", 'src/main/b.ts': 'export const b = 1;\n' }, ['preload-bridges-the-contract']],
    ['the renderer importing a service', { 'src/renderer/a.ts': "import { b } from '../services/b';\nexport const a = b;\n", 'src/services/b.ts': 'export const b = 1;\n' }, ['renderer-through-its-api']],
    [
      'a Vue component importing a service',
      { 'src/renderer/A.vue': '<script setup lang="ts">\nimport { b } from \'../services/b\';\nconst a = b;\n</script>\n<template><p>{{ a }}</p></template>\n', 'src/services/b.ts': 'export const b = 1;\n' },
      ['renderer-through-its-api'],
    ],
    [
      'a Vue component calling the main side itself',
      { 'src/renderer/A.vue': '<script setup lang="ts">\nimport { api } from \'./api\';\nconst a = api;\n</script>\n<template><p>{{ a }}</p></template>\n', 'src/renderer/api.ts': 'export const api = 1;\n' },
      ['screens-through-stores'],
    ],
    ['a helper that is no store calling the main side', { 'src/renderer/features/x/upload.ts': "import { api } from '../../api';\nexport const a = api;\n", 'src/renderer/api.ts': 'export const api = 1;\n' }, ['screens-through-stores']],
    ['a command importing mirror queries', { 'src/cli/a.ts': "import { q } from '../services/mirror/queries/q';\nexport const a = q;\n", 'src/services/mirror/queries/q.ts': 'export const q = 1;\n' }, ['cli-calls-use-cases']],
    ['main importing the server', { 'src/main/a.ts': "import { s } from '../server/s';\nexport const a = s;\n", 'src/server/s.ts': 'export const s = 1;\n' }, ['main-hands-calls-to-services']],
    ['an import circle', { 'src/services/a.ts': "import { b } from './b';\nexport const a = () => b;\n", 'src/services/b.ts': "import { a } from './a';\nexport const b = () => a;\n" }, ['no-circular']],
  ])('refuse %s', (_name, files, rules) => {
    expect(brokenRules(files)).toEqual(rules);
  });

  it('allow what the layering allows', () => {
    expect(
      brokenRules({
        'src/core/contract/c.ts': "import Type from 'typebox';\nexport const C = Type.String();\n",
        'src/services/s.ts': "import { readFileSync } from 'node:fs';\nimport { C } from '../core/contract/c';\nexport const s = [readFileSync, C];\n",
        'src/main/m.ts': "import { app } from 'electron';\nimport { s } from '../services/s';\nexport const m = [app, s];\n",
        'src/preload/p.ts': "import { ipcRenderer } from 'electron';\nimport { C } from '../core/contract/c';\nexport const p = [ipcRenderer, C];\n",
        'src/renderer/r.ts': "import { ref } from 'vue';\nimport { C } from '../core/contract/c';\nexport const r = [ref, C];\n",
        'src/renderer/api.ts': "import { C } from '../core/contract/c';\nexport const api = C;\n",
        'src/renderer/features/x/store.ts': "import { api } from '../../api';\nexport const x = api;\n",
        'src/renderer/features/x/push-store.ts': "import { api } from '../../api';\nexport const y = api;\n",
        'src/cli/k.ts': "import { s } from '../services/s';\nimport { v } from '../server/v';\nexport const k = [s, v];\n",
        'src/server/v.ts': "import { C } from '../core/contract/c';\nexport const v = C;\n",
      }),
    ).toEqual([]);
  });
});
