import type { SearchTables } from '../../../core/search/tables';

/**
 * The mirror's tables as the one search definition (src/core/search) reads them: ids are
 * the service's (`remote_id`, NULL for a subject made offline), links and participation
 * days are JSON lists on the row, standings are those of followed campaigns as last pulled.
 */
export const MIRROR_SEARCH_TABLES: SearchTables = {
  subjects: 'subjects',
  id: (a) => `${a}.remote_id`,
  idNullable: true,
  rowid: (a) => `${a}.local_id`,
  household: (a) => `${a}.household_local_id`,
  createdAt: (a) => `${a}.remote_created_at`,
  updatedAt: (a) => `${a}.remote_updated_at`,
  live: (a) => `${a}.state <> 'destroyed'`,
  demographics: (a) => ({ source: `json_each(${a}.demographic_ids) sd WHERE 1`, column: 'sd.value' }),
  locations: (a) => ({ source: `json_each(${a}.location_ids) sl WHERE 1`, column: 'sl.value' }),
  participations: (a) => ({ source: `json_each(${a}.participation_dates) p WHERE 1`, date: 'p.value' }),
  standings: { table: 'campaign_standings', joinsSubject: 'cs.subject_local_id = s.local_id' },
  quotaQualified: 'cs.quota_qualified = 1 AND cs.campaign_id = ?',
};
