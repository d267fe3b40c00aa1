import { QUALIFIED_OUTCOMES, type Slice } from '../contract/subjects';
import type { NormalisedFilters } from '../subjects/filters';
import { canCall, canEmail, isMinor } from './expressions';
import { and, inList, not, type Conditions, type Fragment } from './sql';
import type { SearchTables } from './tables';

/**
 * Slices over `cs`, the subject's standing in the searched campaign (a LEFT JOIN, so every
 * column is NULL for a subject without one). The same rules as ../subjects/slices.ts.
 */
function sliceCondition(slice: Slice): Fragment {
  const qualified = inList('cs.outcome', QUALIFIED_OUTCOMES);
  switch (slice) {
    case 'rank':
      return ['cs.rank IS NOT NULL', []];
    case 'scheduled':
      return ["cs.schedule_status = 'scheduled'", []];
    case 'unconfirmed':
      return ["cs.schedule_status = 'unscheduled'", []];
    case 'qualified':
      return qualified;
    case 'terminated':
      return ["cs.outcome = 'terminated'", []];
    case 'contacted':
      return ['cs.outcome IS NOT NULL', []];
    case 'ineligible':
      return and(['cs.outcome IS NOT NULL', []], not(qualified), ['cs.schedule_status IS NULL AND cs.rank IS NULL', []]);
  }
}

/** Someone a recruiter may still approach for the campaign: no seat yet, not screened out. */
const STILL_OPEN: Fragment = ["cs.schedule_status IS NOT 'scheduled' AND cs.outcome IS NOT 'terminated'", []];

/** call_eligible and blast_eligible: who may be approached by phone or by a mass e-mail. */
function eligibility(kind: 'call' | 'blast', today: string, withCampaign: boolean): Fragment {
  const parts: Fragment[] = kind === 'call' ? [canCall('s', today)] : [canEmail('s', today), ['s.consented_at IS NOT NULL', []]];
  parts.push(not(isMinor('s', today)));
  if (withCampaign) parts.push(STILL_OPEN);
  return and(...parts);
}

/** Filters that read the campaign standing (and the eligibility rules that use it when present). */
export function addCampaignConditions(where: Conditions, t: SearchTables, f: NormalisedFilters, today: string): void {
  const withCampaign = f.campaignId !== null;
  if (f.callEligible !== null) where.addFragment(f.callEligible ? eligibility('call', today, withCampaign) : not(eligibility('call', today, withCampaign)));
  if (f.blastEligible !== null) where.addFragment(f.blastEligible ? eligibility('blast', today, withCampaign) : not(eligibility('blast', today, withCampaign)));
  if (!withCampaign) return;
  if (f.slice !== null) where.addFragment(sliceCondition(f.slice));
  if (f.outcomes) where.addFragment(inList('cs.outcome', f.outcomes));
  if (f.ratingThreshold !== null) where.add('cs.interaction_rating >= ?', f.ratingThreshold);
  if (f.onlyQuotaQualified) where.add(t.quotaQualified, f.campaignId);
}
