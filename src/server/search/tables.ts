import type { SearchTables } from '../../core/search/tables';

/** The service's tables as the one search definition (src/core/search) reads them. */
export const SERVICE_SEARCH_TABLES: SearchTables = {
  subjects: 'subjects',
  id: (a) => `${a}.id`,
  idNullable: false,
  rowid: (a) => `${a}.id`,
  textKey: (a) => `${a}.id`,
  rowOfTextKey: (key) => key,
  household: (a) => `${a}.household_id`,
  createdAt: (a) => `${a}.created_at`,
  updatedAt: (a) => `${a}.updated_at`,
  live: () => '1',
  demographics: (a) => ({ source: `subject_demographics sd WHERE sd.subject_id = ${a}.id`, column: 'sd.demographic_id' }),
  locations: (a) => ({ source: `subject_locations sl WHERE sl.subject_id = ${a}.id`, column: 'sl.location_id' }),
  participations: (a) => ({ source: `participations p WHERE p.subject_id = ${a}.id`, date: 'p.participated_on' }),
  standings: { table: 'campaign_standings', joinsSubject: 'cs.subject_id = s.id' },
  quotaQualified:
    'EXISTS (SELECT 1 FROM subject_demographics sd JOIN campaign_quotas q ON q.demographic_id = sd.demographic_id WHERE sd.subject_id = s.id AND q.campaign_id = ?)',
};
