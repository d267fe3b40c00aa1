import type { SearchTables } from '../../../../core/search/tables';
import type { TextKey } from '../../../../core/search/text';

/** Past every id the service can give (at most 2^53 − 1): a subject made here and not sent
 *  yet keys after all of them, by its local key, as the list puts it last. */
const UNSENT = '9007199254740992';

/**
 * The mirror's full-text key (migration 008): the service's id, in the list's order, so a
 * word's hits come out in the order the first page needs. A subject gets another key when
 * the service gives it an id (or forgets it), and its entry is written again then.
 */
export const MIRROR_TEXT_KEY: TextKey = {
  of: (a) => `iif(${a}.remote_id IS NULL, ${UNSENT} + ${a}.local_id, ${a}.remote_id)`,
  columns: ['remote_id'],
};

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
  textKey: MIRROR_TEXT_KEY.of,
  rowOfTextKey: (key) => `iif(${key} >= ${UNSENT}, ${key} - ${UNSENT}, (SELECT r.local_id FROM subjects r WHERE r.remote_id = ${key}))`,
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
