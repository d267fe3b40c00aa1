import type { Db } from '../db/open';
import type { CampaignStanding, SubjectFilters } from '../../core/contract/subjects';

export interface CampaignRow {
  id: number;
  company_id: number;
  event_id: number | null;
  name: string;
}

export interface BlastRow {
  id: number;
  company_id: number;
  campaign_id: number;
  name: string;
  filters: SubjectFilters;
}

export type StandingValues = Omit<CampaignStanding, 'recruiting_campaign_id'>;

export function createCampaign(db: Db, companyId: number, eventId: number | null, name: string, now: Date): number {
  const info = db.prepare('INSERT INTO recruiting_campaigns (company_id, event_id, name, created_at) VALUES (?, ?, ?, ?)').run(companyId, eventId, name, now.toISOString());
  return Number(info.lastInsertRowid);
}

export function findCampaign(db: Db, companyId: number, id: number): CampaignRow | undefined {
  return db.prepare('SELECT id, company_id, event_id, name FROM recruiting_campaigns WHERE company_id = ? AND id = ?').get(companyId, id) as CampaignRow | undefined;
}

/** The company's first campaign; the demo seeds one per company. */
export function firstCampaignOf(db: Db, companyId: number): number | undefined {
  const row = db.prepare('SELECT id FROM recruiting_campaigns WHERE company_id = ? ORDER BY id LIMIT 1').get(companyId) as { id: number } | undefined;
  return row?.id;
}

export function addQuota(db: Db, campaignId: number, demographicId: number, target: number): void {
  db.prepare('INSERT INTO campaign_quotas (campaign_id, demographic_id, target) VALUES (?, ?, ?)').run(campaignId, demographicId, target);
}

export function createBlast(db: Db, companyId: number, campaignId: number, name: string, filters: SubjectFilters, now: Date): number {
  const info = db
    .prepare('INSERT INTO recruiting_blasts (company_id, campaign_id, name, filters, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(companyId, campaignId, name, JSON.stringify(filters), now.toISOString());
  return Number(info.lastInsertRowid);
}

export function findBlast(db: Db, companyId: number, id: number): BlastRow | undefined {
  const row = db.prepare('SELECT id, company_id, campaign_id, name, filters FROM recruiting_blasts WHERE company_id = ? AND id = ?').get(companyId, id) as
    | (Omit<BlastRow, 'filters'> & { filters: string })
    | undefined;
  return row && { ...row, filters: JSON.parse(row.filters) as SubjectFilters };
}

export function firstBlastOf(db: Db, campaignId: number): number | undefined {
  const row = db.prepare('SELECT id FROM recruiting_blasts WHERE campaign_id = ? ORDER BY id LIMIT 1').get(campaignId) as { id: number } | undefined;
  return row?.id;
}

export function setStanding(db: Db, campaignId: number, subjectId: number, standing: StandingValues): void {
  db.prepare(
    `INSERT INTO campaign_standings (campaign_id, subject_id, rank, outcome, schedule_status, interaction_rating, last_contacted_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (campaign_id, subject_id) DO UPDATE SET rank = excluded.rank, outcome = excluded.outcome,
       schedule_status = excluded.schedule_status, interaction_rating = excluded.interaction_rating, last_contacted_at = excluded.last_contacted_at`,
  ).run(campaignId, subjectId, standing.rank, standing.outcome, standing.schedule_status, standing.interaction_rating, standing.last_contacted_at);
}

/** Standings of many subjects in one campaign, for search pages and exports. */
export function standingsOf(db: Db, campaignId: number, subjectIds: readonly number[]): Map<number, CampaignStanding> {
  const rows = db
    .prepare(
      `SELECT subject_id, rank, outcome, schedule_status, interaction_rating, last_contacted_at FROM campaign_standings
        WHERE campaign_id = ? AND subject_id IN (SELECT value FROM json_each(?))`,
    )
    .all(campaignId, JSON.stringify(subjectIds)) as (StandingValues & { subject_id: number })[];
  return new Map(rows.map(({ subject_id, ...standing }) => [subject_id, { recruiting_campaign_id: campaignId, ...standing }]));
}
