/**
 * Pulls the standings of every followed campaign (mirror/queries/subjects/campaigns.ts), so the
 * mirror answers slices offline. The interface has no list of standings, so they are read
 * from campaign searches, which carry each subject's standing: the slices rank, contacted,
 * scheduled and unconfirmed together hold every standing a slice can select (each slice
 * needs a rank, an outcome or a schedule status), and the qualified slice asked with
 * only_quota_qualified says who counts for a quota (quotas themselves are not mirrored).
 * Each campaign's standings are replaced in one transaction once all its pages are read;
 * a campaign the service does not know keeps its last standings and says why.
 */
import { MAX_PER_PAGE, type Slice, type SubjectFilters } from '../../core/contract/subjects';
import type { MirrorDb } from '../mirror/open';
import { followedCampaigns, markCampaignProblem, replaceStandings, type PulledStanding } from '../mirror/queries/subjects/campaigns';
import type { RemoteClient } from '../remote/client';
import { isRemoteError } from '../remote/errors';
import { searchSubjects } from '../remote/subjects';

export interface CampaignPullCounts {
  campaigns: number;
  standings: number;
  /** Campaigns the service would not answer for (their last standings are kept). */
  refused: number;
}

const STANDING_SLICES: readonly Slice[] = ['rank', 'contacted', 'scheduled', 'unconfirmed'];

async function eachItem(remote: RemoteClient, filters: SubjectFilters, signal: AbortSignal | undefined, visit: (item: Awaited<ReturnType<typeof searchSubjects>>['subjects'][number]) => void): Promise<void> {
  for (let page = 1; ; page++) {
    const answer = await searchSubjects(remote, { ...filters, page, per: MAX_PER_PAGE, order_by: 'id', order_dir: 'asc', include_archived: true }, { signal });
    for (const item of answer.subjects) visit(item);
    if (answer.subjects.length < MAX_PER_PAGE) return;
  }
}

async function pullCampaign(db: MirrorDb, remote: RemoteClient, campaignId: number, signal: AbortSignal | undefined, now: () => number): Promise<number> {
  const standings = new Map<number, PulledStanding>();
  for (const slice of STANDING_SLICES) {
    await eachItem(remote, { recruiting_campaign_id: campaignId, slice }, signal, (item) => {
      if (!item.campaign || standings.has(item.id)) return;
      const { recruiting_campaign_id: _campaign, ...standing } = item.campaign;
      standings.set(item.id, { ...standing, subjectId: item.id, quotaQualified: false });
    });
  }
  await eachItem(remote, { recruiting_campaign_id: campaignId, slice: 'qualified', only_quota_qualified: true }, signal, (item) => {
    const standing = standings.get(item.id);
    if (standing) standing.quotaQualified = true;
  });
  return replaceStandings(db, campaignId, standings.values(), now());
}

export async function pullCampaigns(db: MirrorDb, remote: RemoteClient, options: { signal?: AbortSignal; now?: () => number } = {}): Promise<CampaignPullCounts> {
  const counts: CampaignPullCounts = { campaigns: 0, standings: 0, refused: 0 };
  const now = options.now ?? Date.now;
  for (const { campaignId } of followedCampaigns(db)) {
    try {
      counts.standings += await pullCampaign(db, remote, campaignId, options.signal, now);
      counts.campaigns++;
    } catch (error) {
      if (!isRemoteError(error) || (error.kind !== 'not_found' && error.kind !== 'rejected')) throw error;
      markCampaignProblem(db, campaignId, error.kind === 'not_found' ? `The service does not know campaign ${campaignId}.` : error.message);
      counts.refused++;
    }
  }
  return counts;
}
