import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type ApiClient, type TestService } from '../../support/service';

// Expectations are read by hand off the seed's PEOPLE table (src/server/seed/demo-subjects.ts):
// ages are exact on NOW (every birthday was ten days before), subject Nnn was created
// 205 - 5·nn days before NOW at 09:00 UTC, and N11 and N32 are archived.
const NOW = new Date('2025-06-15T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString().slice(0, 10);

let service: TestService;
let api: ApiClient;
const idOf = new Map<string, number>();
let demographic: (name: string) => number;
let location: (name: string) => number;

beforeAll(async () => {
  service = await startTestService({ now: () => NOW });
  api = service.client();
  const all = await api.post('/api/v1/subjects/search', { include_archived: true, per: 1000 });
  for (const s of all.body.response) idOf.set(s.code, s.id);
  const db = service.context.db;
  demographic = (name) =>
    (db.prepare('SELECT d.id FROM demographics d JOIN demographic_categories c ON c.id = d.category_id WHERE c.company_id = 1 AND d.name = ?').get(name) as { id: number }).id;
  location = (name) => (db.prepare('SELECT id FROM locations WHERE company_id = 1 AND name = ?').get(name) as { id: number }).id;
});
afterAll(() => service.close());

async function codes(body: object): Promise<string[]> {
  const answer = await api.post('/api/v1/subjects/search', { per: 1000, ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.response.map((s: any) => s.code);
}

const NOT_ARCHIVED = 38;

describe('subject filters', () => {
  it('search_term: every word must match, wildcards are literal, phones match by digits', async () => {
    expect(await codes({ search_term: 'smith' })).toEqual(['N01', 'N02', 'N03', 'N04']);
    expect(await codes({ search_term: '  anna   SMITH ' })).toEqual(['N01']);
    expect(await codes({ search_term: 'garcia.n06' })).toEqual([]); // Felipe has no e-mail
    expect(await codes({ search_term: 'elena.garcia.n05@' })).toEqual(['N05']);
    expect(await codes({ search_term: '5550112' })).toEqual(['N12']);
    // A word without a letter or digit cannot be found in any field, so it is left out.
    expect(await codes({ search_term: '%' })).toHaveLength(NOT_ARCHIVED);
    expect(await codes({ search_term: 'smith & anna' })).toEqual(['N01']);
    expect(await codes({ search_term: 'smith\u0000anna' })).toEqual(['N01']);
  });

  it('search_term: case and accents do not matter, each word starts a word, a number is also an id', async () => {
    expect(await codes({ search_term: 'GARCÍA élena' })).toEqual(['N05']);
    expect(await codes({ search_term: 'smi' })).toEqual(['N01', 'N02', 'N03', 'N04']);
    expect(await codes({ search_term: 'mith' })).toEqual([]);
    expect(await codes({ search_term: '555-0112' })).toEqual(['N12']);
    expect(await codes({ search_term: String(idOf.get('N07')) })).toEqual(['N07']);
    expect(await codes({ search_term: '"smith" OR anna' })).toEqual([]);
  });

  it('selected_subjects, still hiding the archived unless asked', async () => {
    const ids = ['N03', 'N05', 'N11'].map((c) => idOf.get(c));
    expect(await codes({ selected_subjects: ids })).toEqual(['N03', 'N05']);
    expect(await codes({ selected_subjects: ids, include_archived: true })).toEqual(['N03', 'N05', 'N11']);
    expect(await codes({ selected_subjects: [] })).toHaveLength(NOT_ARCHIVED);
  });

  it('include_archived', async () => {
    expect(await codes({})).toHaveLength(NOT_ARCHIVED);
    const all = await codes({ include_archived: true });
    expect(all).toHaveLength(40);
    expect(all).toEqual(expect.arrayContaining(['N11', 'N32']));
  });

  it('languages, without regard to case', async () => {
    expect(await codes({ languages: ['DE'] })).toEqual(['N08', 'N09', 'N14', 'N28', 'N36']);
    expect(await codes({ languages: ['ja', 'zh'] })).toEqual(['N24', 'N33', 'N35']);
  });

  it('location_ids and demographic_ids match any of their values', async () => {
    expect(await codes({ location_ids: [location('Airport panel room')] })).toEqual(['N09', 'N14']);
    expect(await codes({ location_ids: [location('Riverside mall'), location('Airport panel room')] })).toEqual(['N05', 'N08', 'N09', 'N12', 'N13', 'N14']);
    expect(await codes({ demographic_ids: [demographic('65+')] })).toEqual(['N17', 'N22', 'N38']);
    expect(await codes({ demographic_ids: [demographic('65+'), demographic('18-24')] })).toEqual(['N10', 'N17', 'N18', 'N22', 'N25', 'N35', 'N38']);
  });

  it('opt_outs, has_account and consented, both ways', async () => {
    expect(await codes({ opt_outs: true })).toEqual(['N10', 'N27', 'N40']);
    expect(await codes({ opt_outs: false })).toHaveLength(NOT_ARCHIVED - 3);
    expect(await codes({ has_account: true })).toEqual(['N01', 'N05', 'N09', 'N13', 'N24', 'N28', 'N35']);
    expect(await codes({ has_account: false })).toHaveLength(NOT_ARCHIVED - 7);
    const consented = ['N01', 'N02', 'N05', 'N08', 'N09', 'N12', 'N13', 'N14', 'N15', 'N17', 'N20', 'N23', 'N24', 'N26', 'N29', 'N31', 'N33', 'N35', 'N36', 'N37', 'N39'];
    expect(await codes({ consented: true })).toEqual(consented);
    expect(await codes({ consented: false })).toHaveLength(NOT_ARCHIVED - consented.length);
  });

  it('can_email and can_call: an address or number, no opt-out, no running contact exclusion', async () => {
    // N16 is excluded for 30 more days; N19's exclusion ended; N18 has only a work phone
    expect(await codes({ can_email: false })).toEqual(['N03', 'N04', 'N06', 'N07', 'N10', 'N16', 'N21', 'N27', 'N40']);
    expect(await codes({ can_email: true })).toHaveLength(NOT_ARCHIVED - 9);
    expect(await codes({ can_call: false })).toEqual(['N03', 'N06', 'N07', 'N10', 'N16', 'N22', 'N27', 'N40']);
    expect(await codes({ can_call: true })).toContain('N18');
  });

  it('call_eligible and blast_eligible, without and with a campaign', async () => {
    expect(await codes({ call_eligible: false })).toEqual(['N03', 'N04', 'N06', 'N07', 'N10', 'N16', 'N22', 'N27', 'N40']);
    const contacted = { recruiting_campaign_id: 1, slice: 'contacted' };
    // with a campaign, the scheduled (13, 14) and the terminated (18, 19) are no longer open
    expect(await codes({ ...contacted, call_eligible: true })).toEqual(['N15', 'N17', 'N20', 'N21', 'N24', 'N26']);
    expect(await codes({ ...contacted, call_eligible: false })).toEqual(['N13', 'N14', 'N16', 'N18', 'N19']);
    expect(await codes({ ...contacted, blast_eligible: true })).toEqual(['N15', 'N17', 'N20', 'N24', 'N26']);
  });

  it('interaction_rating_threshold and selected_outcomes read the campaign standing', async () => {
    const contacted = { recruiting_campaign_id: 1, slice: 'contacted' };
    expect(await codes({ ...contacted, interaction_rating_threshold: 4 })).toEqual(['N13', 'N14', 'N15']);
    expect(await codes({ ...contacted, selected_outcomes: ['declined', 'terminated'] })).toEqual(['N18', 'N19', 'N20']);
    expect(await codes({ recruiting_campaign_id: 1, selected_outcomes: ['terminated'] })).toEqual(['N19']);
  });

  it('participated, with and without a window (after inclusive, before exclusive)', async () => {
    expect(await codes({ participated: true })).toEqual(['N01', 'N08', 'N09', 'N12']);
    expect(await codes({ participated: false })).toHaveLength(NOT_ARCHIVED - 4);
    expect(await codes({ participated_after: daysAgo(120) })).toEqual(['N01', 'N08', 'N09']);
    expect(await codes({ participated_after: daysAgo(100) })).toEqual(['N01', 'N08', 'N09']);
    expect(await codes({ participated_after: daysAgo(99) })).toEqual(['N01', 'N09']);
    expect(await codes({ participated_before: daysAgo(150) })).toEqual(['N01', 'N12']);
    expect(await codes({ participated_before: daysAgo(10) })).toEqual(['N01', 'N08', 'N12']);
    expect(await codes({ participated_after: daysAgo(120), participated_before: daysAgo(20) })).toEqual(['N01', 'N08']);
    expect(await codes({ participated: false, participated_after: daysAgo(50) })).toHaveLength(NOT_ARCHIVED - 2);
  });

  it('min_age and max_age in years or months; no birth date never matches an age', async () => {
    expect(await codes({ min_age: 30, max_age: 40 })).toEqual(['N01', 'N05', 'N13', 'N19', 'N21', 'N28', 'N29', 'N37']);
    expect(await codes({ min_age: 38, max_age: 38 })).toEqual(['N01']);
    expect(await codes({ min_age: 65 })).toEqual(['N17', 'N22', 'N38']);
    expect(await codes({ max_age: 17, date_part: 'years' })).toEqual(['N03', 'N04', 'N06', 'N07']);
    expect(await codes({ date_part: 'months', max_age: 12 })).toEqual(['N07']);
    expect(await codes({ date_part: 'months', min_age: 40, max_age: 60 })).toEqual(['N06']);
    expect(await codes({ min_age: 0 })).not.toContain('N23');
  });

  it('adult_with_minor_*: adults sharing a household with a minor of that age or demographic', async () => {
    expect(await codes({ adult_with_minor_min_age: 10 })).toEqual(['N01', 'N02']);
    expect(await codes({ adult_with_minor_max_age: 5 })).toEqual(['N05']);
    expect(await codes({ adult_with_minor_date_part: 'months', adult_with_minor_max_age: 12 })).toEqual(['N05']);
    expect(await codes({ adult_with_minor_date_part: 'years' })).toEqual(['N01', 'N02', 'N05']);
    expect(await codes({ adult_with_minor_demographic_ids: [demographic('Female')] })).toEqual(['N01', 'N02', 'N05']);
    expect(await codes({ adult_with_minor_demographic_ids: [demographic('Male')], adult_with_minor_min_age: 10 })).toEqual(['N01', 'N02']);
  });

  it('created_after (inclusive) and created_before (exclusive), as dates or timestamps', async () => {
    expect(await codes({ created_after: daysAgo(20) })).toEqual(['N37', 'N38', 'N39', 'N40']);
    expect(await codes({ created_after: `${daysAgo(20)}T09:00:00Z` })).toEqual(['N37', 'N38', 'N39', 'N40']);
    expect(await codes({ created_after: `${daysAgo(20)}T11:00:01+02:00` })).toEqual(['N38', 'N39', 'N40']);
    expect(await codes({ created_before: daysAgo(190).replace(/-/g, '') })).toEqual(['N01', 'N02']);
    expect(await codes({ created_after: daysAgo(195), created_before: daysAgo(185) })).toEqual(['N02', 'N03']);
  });

  it('combines filters with AND', async () => {
    expect(await codes({ languages: ['en'], min_age: 60, consented: true })).toEqual(['N12']);
  });

  it('refuses malformed filters with 422 naming each', async () => {
    const answer = await api.post('/api/v1/subjects/search', {
      min_age: 41,
      max_age: 40,
      participated_after: 'last week',
      created_before: '2025-06-15T10:00',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.details.map((d: any) => d.field).sort()).toEqual(['created_before', 'max_age', 'participated_after']);
    const typed = await api.post('/api/v1/subjects/search', { languages: 'en', has_account: 'yes', colour: 'red', selected_outcomes: ['maybe'] });
    expect(typed.status).toBe(422);
    expect(typed.body.error.details.map((d: any) => d.field)).toEqual(expect.arrayContaining(['languages', 'has_account', 'colour', 'selected_outcomes.0']));
  });
});

describe('order and paging', () => {
  it('orders by a whitelisted key, blanks last, ties by id', async () => {
    expect((await codes({ order_by: 'first_name', per: 3 }))).toEqual(['N26', 'N01', 'N27']);
    expect((await codes({ order_by: 'date_of_birth', order_dir: 'desc', per: 3 }))).toEqual(['N07', 'N06', 'N03']);
    const byBirth = await codes({ order_by: 'date_of_birth' });
    expect([byBirth[0], byBirth.at(-1)]).toEqual(['N22', 'N23']);
    expect(await codes({ recruiting_campaign_id: 1, order_by: 'rank', order_dir: 'desc' })).toEqual(['N19', 'N24', 'N12', 'N09', 'N08', 'N05', 'N02', 'N01']);
    expect((await api.post('/api/v1/subjects/search', { order_by: 'first_name; DROP TABLE subjects' })).status).toBe(422);
  });

  it('pages with page and per, reporting the total in headers', async () => {
    const first = await api.post('/api/v1/subjects/search', {});
    expect(first.body.response).toHaveLength(25);
    expect([first.headers.get('x-total-count'), first.headers.get('x-page'), first.headers.get('x-per-page')]).toEqual(['38', '1', '25']);
    const second = await api.post('/api/v1/subjects/search', { page: 2 });
    expect(second.body.response).toHaveLength(13);
    expect(second.headers.get('x-page')).toBe('2');
    const beyond = await api.post('/api/v1/subjects/search', { page: 3 });
    expect([beyond.status, beyond.body.response.length, beyond.headers.get('x-total-count')]).toEqual([200, 0, '38']);
  });

  it('gives the same order page by page as in one page', async () => {
    const whole = await codes({ order_by: 'last_name', order_dir: 'desc' });
    const paged: string[] = [];
    for (let page = 1; page <= 6; page += 1) paged.push(...(await codes({ order_by: 'last_name', order_dir: 'desc', per: 7, page })));
    expect(paged).toEqual(whole);
  });

  it('accepts per up to 1000 and refuses more, and page 0', async () => {
    expect((await api.post('/api/v1/subjects/search', { per: 1000 })).status).toBe(200);
    for (const body of [{ per: 1001 }, { per: 0 }, { page: 0 }]) {
      const answer = await api.post('/api/v1/subjects/search', body);
      expect(answer.status).toBe(422);
      expect(answer.body.error.details[0].field).toBe(Object.keys(body)[0]);
    }
  });
});
