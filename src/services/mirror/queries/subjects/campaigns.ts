/**
 * The recruiting campaigns a person follows offline and their standings as last pulled
 * (migration 006). The interface has no list of campaigns, so a campaign is followed by its
 * number; each pull then asks the service for its slices (sync/campaigns.ts).
 *
 * - `followCampaign` / `unfollowCampaign` (the standings go with it), `followedCampaigns`.
 * - `replaceStandings(db, campaignId, standings, at)`: the campaign's standings become
 *   exactly those pulled, in one transaction; subjects not in the mirror are left out, and
 *   a campaign unfollowed meanwhile keeps nothing.
 * - `markCampaignProblem(db, campaignId, sentence)`: why the last pull of it failed.
 */
import type { CampaignStanding } from '../../../../core/contract/subjects';
import type { MirrorDb } from '../../db';
import { stmt } from '../statements';

export interface FollowedCampaign {
  campaignId: number;
  followedAt: number;
  /** When its slices were last pulled; null until the first pull. */
  pulledAt: number | null;
  /** Subjects with a standing in it, as last pulled. */
  members: number;
  /** Why the last pull could not read it (e.g. the service does not know it). */
  problem: string | null;
}

export function followCampaign(db: MirrorDb, campaignId: number, at: number = Date.now()): void {
  stmt(db, 'INSERT INTO campaigns (campaign_id, followed_at) VALUES (?, ?) ON CONFLICT(campaign_id) DO NOTHING').run(campaignId, at);
}

export function unfollowCampaign(db: MirrorDb, campaignId: number): boolean {
  return stmt(db, 'DELETE FROM campaigns WHERE campaign_id = ?').run(campaignId).changes === 1;
}

export function followedCampaigns(db: MirrorDb): FollowedCampaign[] {
  const rows = stmt(
    db,
    `SELECT c.campaign_id, c.followed_at, c.pulled_at, c.problem, (SELECT count(*) FROM campaign_standings cs WHERE cs.campaign_id = c.campaign_id) AS members
     FROM campaigns c ORDER BY c.campaign_id`,
  ).all() as { campaign_id: number; followed_at: number; pulled_at: number | null; problem: string | null; members: number }[];
  return rows.map((r) => ({ campaignId: r.campaign_id, followedAt: r.followed_at, pulledAt: r.pulled_at, members: r.members, problem: r.problem }));
}

export function campaignPulledAt(db: MirrorDb, campaignId: number): { followed: boolean; pulledAt: number | null } {
  const row = stmt(db, 'SELECT pulled_at FROM campaigns WHERE campaign_id = ?').get(campaignId) as { pulled_at: number | null } | undefined;
  return { followed: row !== undefined, pulledAt: row?.pulled_at ?? null };
}

/** A standing as pulled, by the service's subject id, with whether it counts for a quota. */
export interface PulledStanding extends Omit<CampaignStanding, 'recruiting_campaign_id'> {
  subjectId: number;
  quotaQualified: boolean;
}

export function replaceStandings(db: MirrorDb, campaignId: number, standings: Iterable<PulledStanding>, at: number = Date.now()): number {
  return db.transaction(() => {
    // Unfollowed while its pages were read: nothing to keep.
    if (!campaignPulledAt(db, campaignId).followed) return 0;
    stmt(db, 'DELETE FROM campaign_standings WHERE campaign_id = ?').run(campaignId);
    const insert = stmt(
      db,
      `INSERT INTO campaign_standings (campaign_id, subject_local_id, rank, outcome, schedule_status, interaction_rating, last_contacted_at, quota_qualified)
       SELECT ?, local_id, ?, ?, ?, ?, ?, ? FROM subjects WHERE remote_id = ?`,
    );
    let written = 0;
    for (const s of standings) {
      written += insert.run(campaignId, s.rank, s.outcome, s.schedule_status, s.interaction_rating, s.last_contacted_at, s.quotaQualified ? 1 : 0, s.subjectId).changes;
    }
    stmt(db, 'UPDATE campaigns SET pulled_at = ?, problem = NULL WHERE campaign_id = ?').run(at, campaignId);
    return written;
  })();
}

export function markCampaignProblem(db: MirrorDb, campaignId: number, problem: string): void {
  stmt(db, 'UPDATE campaigns SET problem = ? WHERE campaign_id = ?').run(problem, campaignId);
}
