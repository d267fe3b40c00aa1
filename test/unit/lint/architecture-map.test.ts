import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md draws which room of src imports which. The drawing is only worth
 * something while it is true, so this reads its arrows and the real imports (dependency-
 * cruiser over src, collapsed to rooms) and fails when one has an arrow the other lacks.
 */
const root = resolve(__dirname, '../../..');
const cruiser = resolve(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

/** The room a file is in: the first folder under src (that preload reaches only core/contract is the cruiser's own rule). */
const roomOf = (path: string): string | null => /^src\/([^/]+)\//.exec(path)?.[1] ?? null;

function drawnArrows(): string[] {
  const doc = readFileSync(resolve(root, 'docs/architecture.md'), 'utf8');
  const chart = /```mermaid\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
  const arrows = [...chart.matchAll(/^\s*(\w+)(?:\[[^\]]*\])?\s*--(?:\s*"[^"]*"\s*--)?>\s*(\w+)/gm)].map(([, from, to]) => `${from} → ${to}`);
  return [...new Set(arrows)].sort();
}

function importedArrows(): string[] {
  const run = spawnSync(process.execPath, [cruiser, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const result = JSON.parse(run.stdout) as { modules: { source: string; dependencies: { resolved: string }[] }[] };
  const arrows = new Set<string>();
  for (const module of result.modules) {
    const from = roomOf(module.source);
    for (const dependency of module.dependencies) {
      const to = roomOf(dependency.resolved);
      if (from && to && from !== to) arrows.add(`${from} → ${to}`);
    }
  }
  return [...arrows].sort();
}

describe('the architecture drawing', () => {
  it('has an arrow for each room-to-room import in src, and none besides', () => {
    const drawn = drawnArrows();
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn).toEqual(importedArrows());
  }, 120_000);
});
