/**
 * `npm run bench -- search-conformance`: 1,500 random filter combinations over 1,000 random
 * subjects, each run against the reference service and against a mirror pulled from it;
 * prints how many differed (ids, order or total; goal 0) and the first few that did.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { compareSearches, worldAndMirror } from '../support/search/conformance';
import { filtersArb } from '../support/search/filters';
import { startTestService } from '../support/service';

const SUBJECTS = 1000;
const COMBINATIONS = 1500;
const NOW = new Date('2026-03-10T12:00:00Z');

export async function searchConformanceBenchmark(): Promise<object> {
  const dir = mkdtempSync(join(tmpdir(), 'muster-bench-conformance-'));
  const service = await startTestService({ now: () => NOW });
  const seed = Date.now() % 1_000_000;
  try {
    const { world, mirror } = await worldAndMirror(service, { count: SUBJECTS, seed, now: NOW, dir });
    try {
      const bodies = fc.sample(filtersArb(world), { numRuns: COMBINATIONS, seed });
      const result = await compareSearches(service, mirror, world.today, bodies);
      return {
        name: 'search-conformance',
        seed,
        subjects: SUBJECTS + 40,
        combinations: result.compared,
        refused_by_both: result.refused,
        subjects_matched: result.matched,
        differed: result.differences.length,
        first_differences: result.differences.slice(0, 3),
        goal: 'differed = 0',
        met: result.differences.length === 0,
      };
    } finally {
      mirror.close();
    }
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
