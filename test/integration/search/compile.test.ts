import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SubjectFilters } from '../../../src/core/contract/subjects';
import { compileSearch } from '../../../src/core/search/compile';
import type { SearchTables } from '../../../src/core/search/tables';
import { FILTER_PARAMS } from '../../../src/core/contract/filter-params';
import { normaliseFilters } from '../../../src/core/subjects/filters';
import { openServiceDb } from '../../../src/server/db/open';
import { SERVICE_SEARCH_TABLES } from '../../../src/server/search/tables';
import { openMirror } from '../../../src/services/mirror/open';
import { MIRROR_SEARCH_TABLES } from '../../../src/services/mirror/queries/subjects/search-tables';

// Every filter of the interface, compiled over each database's tables, is SQL that database
// runs. (Whether both answer alike is the conformance test's question.)
const dir = mkdtempSync(join(tmpdir(), 'muster-compile-'));
const service = openServiceDb(join(dir, 'service.sqlite'));
const mirror = openMirror(join(dir, 'mirror.sqlite'));
afterAll(() => {
  service.close();
  mirror.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A body that switches one filter on (with a campaign where it needs one). */
const EXAMPLES: Record<string, SubjectFilters> = {
  recruiting_campaign_id: { recruiting_campaign_id: 1 },
  slice: { recruiting_campaign_id: 1, slice: 'ineligible' },
  recruiting_blast_id: { recruiting_campaign_id: 1, recruiting_blast_id: 1 },
  only_quota_qualified: { recruiting_campaign_id: 1, slice: 'qualified', only_quota_qualified: true },
  selected_subjects: { selected_subjects: [1, 2] },
  search_term: { search_term: 'Müller 555 "x" OR' },
  page: { page: 2 },
  per: { per: 5 },
  order_by: { recruiting_campaign_id: 1, order_by: 'rank' },
  order_dir: { order_dir: 'desc' },
  include_archived: { include_archived: true },
  interaction_rating_threshold: { recruiting_campaign_id: 1, interaction_rating_threshold: 3 },
  call_eligible: { recruiting_campaign_id: 1, call_eligible: false },
  blast_eligible: { blast_eligible: true },
  opt_outs: { opt_outs: true },
  participated: { participated: false },
  participated_after: { participated_after: '2024-01-01' },
  participated_before: { participated_before: '2024-01-01' },
  date_part: { date_part: 'months', min_age: 3 },
  min_age: { min_age: 30 },
  max_age: { max_age: 40 },
  adult_with_minor_date_part: { adult_with_minor_date_part: 'months' },
  adult_with_minor_min_age: { adult_with_minor_min_age: 2 },
  adult_with_minor_max_age: { adult_with_minor_max_age: 9 },
  adult_with_minor_demographic_ids: { adult_with_minor_demographic_ids: [4] },
  created_after: { created_after: '2024-01-01' },
  created_before: { created_before: '2024-01-01T00:00:00Z' },
  has_account: { has_account: true },
  consented: { consented: false },
  can_call: { can_call: true },
  can_email: { can_email: false },
  languages: { languages: ['DE'] },
  location_ids: { location_ids: [1] },
  demographic_ids: { demographic_ids: [1, 2] },
  selected_outcomes: { recruiting_campaign_id: 1, selected_outcomes: ['declined'] },
};

const run = (db: typeof service, tables: SearchTables, body: SubjectFilters, scoped: boolean) => {
  const { filters, errors } = normaliseFilters(body);
  expect(errors).toEqual([]);
  const compiled = compileSearch(tables, filters, '2026-01-01', { ...(scoped ? { scope: ['s.company_id = ?', [1]] as const } : {}), blast: filters.blastId ? filters : null });
  return db.prepare(`SELECT s.rowid ${compiled.fromWhere} ORDER BY ${compiled.orderBy} LIMIT 5`).all(...compiled.params);
};

describe('every filter of the interface compiles to SQL both databases run', () => {
  it('has an example for each filter name', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(FILTER_PARAMS.map((p) => p.name).sort());
  });

  it.each(Object.entries(EXAMPLES))('%s', (_name, body) => {
    expect(run(service, SERVICE_SEARCH_TABLES, body, true)).toEqual([]);
    expect(run(mirror, MIRROR_SEARCH_TABLES, body, false)).toEqual([]);
  });
});
