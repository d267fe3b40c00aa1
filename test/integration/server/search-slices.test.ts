import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type ApiClient, type TestService } from '../../support/service';
import { demoBlastIdOf, demoCampaignIdOf } from '../../../src/server/seed/demo-subjects';

// The expectations below are read off the seed's tables in src/server/seed/demo-subjects.ts
// (PEOPLE and STANDINGS), by hand; N11 and N32 are archived.
const NOW = new Date('2025-06-15T12:00:00Z');

let service: TestService;
let api: ApiClient;
let campaign: number;
let blast: number;
let otherCampaign: number;
let otherBlast: number;

beforeAll(async () => {
  service = await startTestService({ now: () => NOW });
  api = service.client();
  const db = service.context.db;
  campaign = demoCampaignIdOf(db, 1) as number;
  blast = demoBlastIdOf(db, 1) as number;
  otherCampaign = demoCampaignIdOf(db, 2) as number;
  otherBlast = demoBlastIdOf(db, 2) as number;
});
afterAll(() => service.close());

const search = (body: object, client = api) => client.post('/api/v1/subjects/search', { per: 1000, ...body });
const codesOf = (answer: any): string[] => answer.body.response.map((s: any) => s.code);

async function codes(body: object): Promise<string[]> {
  const answer = await search(body);
  expect(answer.status).toBe(200);
  return codesOf(answer);
}

it('seeds the first company with campaign 1 and its blast 1', () => {
  expect([campaign, blast]).toEqual([1, 1]);
  expect(otherCampaign).not.toBe(campaign);
});

describe('every slice answers exactly the subjects the seed put in it', () => {
  it.each([
    ['rank', ['N01', 'N02', 'N05', 'N08', 'N09', 'N12', 'N24', 'N19']],
    ['scheduled', ['N13', 'N14']],
    ['unconfirmed', ['N15', 'N26']],
    ['qualified', ['N13', 'N14', 'N15', 'N16', 'N17']],
    ['terminated', ['N18', 'N19']],
    ['contacted', ['N13', 'N14', 'N15', 'N16', 'N17', 'N18', 'N19', 'N20', 'N21', 'N24', 'N26']],
    // contacted, not qualified, never scheduled, not ranked: 19 and 24 are ranked, 26 was scheduled
    ['ineligible', ['N18', 'N20', 'N21']],
  ])('%s', async (slice, expected) => {
    const got = await codes({ recruiting_campaign_id: campaign, slice });
    // rank is ordered by rank; the others by id, which follows the code
    expect(got).toEqual(slice === 'rank' ? expected : [...expected].sort());
  });

  it('reads no slice, or a null one, as rank, ordered by rank', async () => {
    const expected = ['N01', 'N02', 'N05', 'N08', 'N09', 'N12', 'N24', 'N19'];
    expect(await codes({ recruiting_campaign_id: campaign })).toEqual(expected);
    expect(await codes({ recruiting_campaign_id: campaign, slice: null })).toEqual(expected);
  });

  it('shows the archived ranked subject only with include_archived', async () => {
    expect(await codes({ recruiting_campaign_id: campaign, include_archived: true })).toEqual(['N01', 'N02', 'N05', 'N08', 'N09', 'N11', 'N12', 'N24', 'N19']);
  });

  it("carries each subject's standing in the campaign, and none without a campaign", async () => {
    const ranked = (await search({ recruiting_campaign_id: campaign, slice: 'unconfirmed' })).body.response;
    expect(ranked[0].campaign).toEqual({
      recruiting_campaign_id: campaign,
      rank: null,
      outcome: 'qualified_accepted',
      schedule_status: 'unscheduled',
      interaction_rating: 4,
      last_contacted_at: '2025-05-31T15:00:00.000Z',
    });
    expect(ranked[0]).toMatchObject({ code: 'N15', first_name: 'Oscar', household: expect.any(Object) });
    const plain = (await search({ selected_subjects: [1] })).body.response;
    expect(plain[0].campaign).toBeNull();
  });
});

describe('quotas and blasts', () => {
  it('only_quota_qualified keeps qualified subjects holding a quota demographic (Female or 25-34)', async () => {
    expect(await codes({ recruiting_campaign_id: campaign, slice: 'qualified', only_quota_qualified: true })).toEqual(['N13', 'N15', 'N17']);
    expect(await codes({ recruiting_campaign_id: campaign, slice: 'qualified', only_quota_qualified: false })).toHaveLength(5);
  });

  it("applies the blast's stored filter (English, 30 and over) to the ranking", async () => {
    expect(await codes({ recruiting_campaign_id: campaign, recruiting_blast_id: blast })).toEqual(['N01', 'N02', 'N12', 'N19']);
    expect(await codes({ recruiting_campaign_id: campaign, slice: 'rank', recruiting_blast_id: blast, has_account: true })).toEqual(['N01']);
  });

  it('refuses filters that do not fit together, naming each', async () => {
    const cases: [object, string][] = [
      [{ slice: 'scheduled' }, 'slice'],
      [{ recruiting_blast_id: blast }, 'recruiting_blast_id'],
      [{ recruiting_campaign_id: campaign, slice: 'scheduled', recruiting_blast_id: blast }, 'recruiting_blast_id'],
      [{ recruiting_campaign_id: campaign, only_quota_qualified: true }, 'only_quota_qualified'],
      [{ interaction_rating_threshold: 3 }, 'interaction_rating_threshold'],
      [{ selected_outcomes: ['declined'] }, 'selected_outcomes'],
      [{ order_by: 'rank' }, 'order_by'],
      [{ recruiting_campaign_id: campaign, slice: 'everyone' }, 'slice'],
    ];
    for (const [body, field] of cases) {
      const answer = await search(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.error.details.map((d: any) => d.field)).toContain(field);
    }
  });

  it('answers 404 for a campaign or blast the company does not have', async () => {
    expect((await search({ recruiting_campaign_id: 999 })).status).toBe(404);
    expect((await search({ recruiting_campaign_id: otherCampaign })).status).toBe(404);
    expect((await search({ recruiting_campaign_id: campaign, recruiting_blast_id: otherBlast })).status).toBe(404);
    expect((await search({ recruiting_campaign_id: campaign, recruiting_blast_id: 999 })).status).toBe(404);
  });
});

describe('company scope and paths', () => {
  it("never shows another company's subjects, and gives it its own campaign's slices", async () => {
    const other = service.client(service.otherToken);
    const all = await search({}, other);
    expect(all.status).toBe(200);
    expect(codesOf(all).every((code) => code.startsWith('B'))).toBe(true);
    expect(codesOf(all)).toHaveLength(38);
    const ineligible = await search({ recruiting_campaign_id: otherCampaign, slice: 'ineligible' }, other);
    expect(codesOf(ineligible)).toEqual(['B18', 'B20', 'B21']);
    expect((await search({ recruiting_campaign_id: campaign }, other)).status).toBe(404);
    expect((await search({ recruiting_campaign_id: otherCampaign, recruiting_blast_id: blast }, other)).status).toBe(404);
  });

  it('answers the same at /v1/subjects/search as at /api/v1/subjects/search', async () => {
    const body = { recruiting_campaign_id: campaign, slice: 'contacted', per: 4, page: 2 };
    const [a, b] = await Promise.all([api.post('/api/v1/subjects/search', body), api.post('/v1/subjects/search', body)]);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(codesOf(b)).toEqual(['N17', 'N18', 'N19', 'N20']);
    expect(b.headers.get('x-total-count')).toBe('11');
  });

  it('requires the token on the /v1 path too', async () => {
    const { apiClient } = await import('../../support/service');
    expect((await apiClient(service.url, null).post('/v1/subjects/search', {})).status).toBe(401);
  });
});
