import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubjectFilters } from '../../../../src/core/contract/subjects';
import { openMirror, type MirrorDb } from '../../../../src/services/mirror/open';
import { followCampaign, followedCampaigns, replaceStandings, unfollowCampaign } from '../../../../src/services/mirror/queries/subjects/campaigns';
import { remoteIdsOf } from '../../../../src/services/mirror/queries/subjects/subject-search';
import { subjectByRemoteId } from '../../../../src/services/mirror/queries/subjects/subjects';
import { createRemoteClient, type RemoteClient } from '../../../../src/services/remote/client';
import { pullAll } from '../../../../src/services/sync/pull';
import { createSubjectOffline, destroySubjectOffline, updateSubjectOffline } from '../../../../src/services/sync/subjects/local';
import { UseCaseError } from '../../../../src/services/usecases/errors';
import { searchMirrorSubjects } from '../../../../src/services/usecases/subject-search';
import { startTestService, type TestService } from '../../../support/service';

const NOW = new Date('2025-06-15T12:00:00Z');
const TODAY = '2025-06-15';
let service: TestService;
let remote: RemoteClient;
let db: MirrorDb;
const dir = mkdtempSync(join(tmpdir(), 'muster-offline-search-'));

beforeAll(async () => {
  service = await startTestService({ now: () => NOW });
  remote = createRemoteClient({ serverUrl: service.url, token: () => service.token });
  db = openMirror(join(dir, 'mirror.sqlite'));
  followCampaign(db, 1);
  followCampaign(db, 999);
  await pullAll(db, remote);
});
afterAll(async () => {
  db.close();
  remote.close();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

const codes = (body: SubjectFilters) => {
  const found = searchMirrorSubjects(db, { per: 1000, ...body }, TODAY);
  return found.localIds.map((id) => db.prepare('SELECT code FROM subjects WHERE local_id = ?').pluck().get(id));
};
const refusal = (body: unknown) => {
  try {
    searchMirrorSubjects(db, body as SubjectFilters, TODAY);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(UseCaseError);
    return (error as Error).message;
  }
};

describe('offline, the mirror answers', () => {
  it('a followed campaign by its slices, and says when they were pulled', () => {
    expect(codes({ recruiting_campaign_id: 1, slice: 'scheduled' })).toEqual(['N13', 'N14']);
    expect(codes({ recruiting_campaign_id: 1 })).toEqual(['N01', 'N02', 'N05', 'N08', 'N09', 'N12', 'N24', 'N19']);
    expect(searchMirrorSubjects(db, { recruiting_campaign_id: 1 }, TODAY).campaignPulledAt).toBeGreaterThan(0);
  });

  it('names without regard to accents or case, by the start of a word', () => {
    const n01 = subjectByRemoteId(db, remoteIdsOf(db, searchMirrorSubjects(db, { search_term: 'N01' }, TODAY).localIds)[0]!)!;
    updateSubjectOffline(db, n01.localId, { last_name: 'Müller-Lüdenscheidt' });
    expect(codes({ search_term: 'muller' })).toEqual(['N01']);
    expect(codes({ search_term: 'LUDEN' })).toEqual(['N01']);
    expect(codes({ search_term: 'denscheidt' })).toEqual([]);
  });

  it('a subject made offline, after those the service has when ordered by id; one removed offline no more', () => {
    const { localId } = createSubjectOffline(db, { first_name: 'Ågot', last_name: 'Offline', email: 'agot@example.org' } as never);
    const all = searchMirrorSubjects(db, { per: 1000, include_archived: true }, TODAY).localIds;
    expect(all.at(-1)).toBe(localId);
    expect(searchMirrorSubjects(db, { search_term: 'agot' }, TODAY).localIds).toEqual([localId]);
    destroySubjectOffline(db, localId);
    expect(searchMirrorSubjects(db, { search_term: 'agot' }, TODAY).localIds).toEqual([]);
  });

  it('counts only as far as asked, and then says there are at least that many, with the same page', () => {
    const all = searchMirrorSubjects(db, { per: 5, page: 2, include_archived: true }, TODAY);
    const capped = searchMirrorSubjects(db, { per: 5, page: 2, include_archived: true }, TODAY, { countUpTo: 12 });
    expect(all.total).toBeGreaterThan(12);
    expect(capped).toMatchObject({ total: 12, totalIsAtLeast: true, localIds: all.localIds });
    expect(searchMirrorSubjects(db, { per: 5, search_term: 'smith' }, TODAY, { countUpTo: 12 })).toMatchObject({ total: 4, totalIsAtLeast: false });
    expect(searchMirrorSubjects(db, { per: 2, search_term: 'smith' }, TODAY, { countUpTo: 4 })).toMatchObject({ total: 4, totalIsAtLeast: false });
    expect(searchMirrorSubjects(db, { per: 2, search_term: 'smith' }, TODAY, { countUpTo: 3 })).toMatchObject({ total: 3, totalIsAtLeast: true });
  });
});

describe('offline, the mirror refuses in words', () => {
  it('an unknown filter name, and a value that does not fit', () => {
    expect(refusal({ nickname: 'x' })).toBe('There is no search filter called "nickname".');
    expect(refusal({ per: 0 })).toMatch(/^per should be >= 1/);
  });

  it('filters that need a campaign, without one', () => {
    expect(refusal({ slice: 'qualified' })).toBe('slice needs recruiting_campaign_id.');
  });

  it("a blast (its filter is the service's), and a campaign not followed or not known", () => {
    expect(refusal({ recruiting_campaign_id: 1, recruiting_blast_id: 1 })).toMatch(/blast's filter is kept on the service only/);
    expect(refusal({ recruiting_campaign_id: 2 })).toBe('Campaign 2 is not followed here; follow it and sync.');
    expect(refusal({ recruiting_campaign_id: 999 })).toBe('Campaign 999 has not been pulled yet; sync first.');
    expect(followedCampaigns(db).find((c) => c.campaignId === 999)?.problem).toBe('The service does not know campaign 999.');
  });

  it('a campaign no longer followed, whose standings are gone with it', () => {
    const before = followedCampaigns(db).find((c) => c.campaignId === 1)!;
    expect(before.members).toBeGreaterThan(10);
    expect(unfollowCampaign(db, 1)).toBe(true);
    expect(db.prepare('SELECT count(*) FROM campaign_standings').pluck().get()).toBe(0);
    expect(refusal({ recruiting_campaign_id: 1 })).toMatch(/not followed/);
    // A pull that read its pages before the campaign was unfollowed writes nothing for it.
    const id = db.prepare('SELECT remote_id FROM subjects LIMIT 1').pluck().get() as number;
    expect(replaceStandings(db, 1, [{ subjectId: id, rank: 1, outcome: null, schedule_status: null, interaction_rating: null, last_contacted_at: null, quotaQualified: false }])).toBe(0);
  });
});
