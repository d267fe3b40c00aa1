import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileSearch } from '../../../src/core/search/compile';
import { normaliseFilters } from '../../../src/core/subjects/filters';
import type { MirrorDb } from '../../../src/services/mirror/open';
import { MIRROR_SEARCH_TABLES } from '../../../src/services/mirror/queries/subjects/search-tables';
import { searchPage } from '../../../src/services/mirror/queries/subjects/subject-search';
import { compareSearches, worldAndMirror } from '../../support/search/conformance';
import { filtersArb } from '../../support/search/filters';
import type { SearchWorld } from '../../support/search/world';
import { startTestService, type TestService } from '../../support/service';

// The service and a mirror pulled from it must answer every search alike: the same ids in
// the same order and the same total. `npm run bench -- search-conformance` runs 1,000+.
const NOW = new Date('2026-03-10T12:00:00Z');
const RUNS = 300;

let service: TestService;
let mirror: MirrorDb;
let world: SearchWorld;
const dir = mkdtempSync(join(tmpdir(), 'muster-conformance-'));

beforeAll(async () => {
  service = await startTestService({ now: () => NOW });
  ({ world, mirror } = await worldAndMirror(service, { count: 400, seed: 7, now: NOW, dir }));
}, 60_000);

afterAll(async () => {
  mirror?.close();
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('pulled every subject and the standings of every campaign', () => {
  const subjects = mirror.prepare('SELECT count(*) FROM subjects').pluck().get();
  const onService = service.context.db.prepare('SELECT count(*) FROM subjects WHERE company_id = 1').pluck().get();
  expect(subjects).toBe(onService);
  const campaigns = mirror.prepare('SELECT campaign_id, pulled_at IS NOT NULL AS pulled FROM campaigns ORDER BY campaign_id').all();
  expect(campaigns).toEqual(world.campaignIds.map((id) => ({ campaign_id: id, pulled: 1 })));
  expect(mirror.prepare('SELECT count(*) FROM campaign_standings').pluck().get()).toBeGreaterThan(100);
});

it(`answers ${RUNS} random filter combinations exactly as the service does`, async () => {
  const bodies = fc.sample(filtersArb(world), { numRuns: RUNS, seed: 42 });
  const result = await compareSearches(service, mirror, world.today, bodies);
  expect(result.differences.slice(0, 3)).toEqual([]);
  // The sample must exercise something: most bodies are valid and many find subjects.
  expect(result.refused).toBeLessThan(RUNS / 2);
  expect(result.matched).toBeGreaterThan(RUNS);
}, 120_000);

it('lists a term’s hits in the order of their full-text keys exactly as sorting by id does', () => {
  const bodies = fc.sample(filtersArb(world), { numRuns: 400, seed: 9 }).map((b) => ({ ...b, search_term: b.search_term ?? 'a', order_by: 'id' as const, order_dir: 'asc' as const }));
  let compared = 0;
  for (const body of bodies) {
    const { filters, errors } = normaliseFilters(body);
    if (errors.length > 0 || filters.blastId !== null) continue;
    const compiled = compileSearch(MIRROR_SEARCH_TABLES, filters, world.today);
    expect(compiled.orderBy).toBe('hit.k ASC');
    const sorted = { ...compiled, orderBy: '(s.remote_id IS NULL), s.remote_id ASC, s.local_id ASC' };
    const run = (c: typeof compiled) => searchPage(mirror, c, filters.per, (filters.page - 1) * filters.per);
    expect({ body, answer: run(compiled) }).toEqual({ body, answer: run(sorted) });
    compared++;
  }
  expect(compared).toBeGreaterThan(200);
});
