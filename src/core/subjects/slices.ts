import { QUALIFIED_OUTCOMES, type CampaignStanding, type Slice } from '../contract/subjects';

type Standing = Pick<CampaignStanding, 'rank' | 'outcome' | 'schedule_status'>;

/**
 * Slice membership read from a subject's current standing in a campaign (its latest
 * outcome and schedule status). The search SQL (src/core/search) says the same, and
 * because a search item carries the standing, an offline mirror can answer slices alike.
 */
export function inSlice(standing: Standing | null, slice: Slice): boolean {
  if (standing === null) return false;
  const contacted = standing.outcome !== null;
  const qualified = standing.outcome !== null && QUALIFIED_OUTCOMES.includes(standing.outcome);
  switch (slice) {
    case 'rank':
      return standing.rank !== null;
    case 'scheduled':
      return standing.schedule_status === 'scheduled';
    case 'unconfirmed':
      return standing.schedule_status === 'unscheduled';
    case 'qualified':
      return qualified;
    case 'terminated':
      return standing.outcome === 'terminated';
    case 'contacted':
      return contacted;
    case 'ineligible':
      // Someone once scheduled stays tentative (unconfirmed), not ineligible.
      return contacted && !qualified && standing.schedule_status === null && standing.rank === null;
  }
}
