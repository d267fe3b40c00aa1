import type { Migration } from '../../../core/sql/migrations';
import { fullTextSql } from '../../../core/search/text';

/**
 * What the offline search needs to answer as the service does (src/core/search):
 * - the days each subject took part in an event (pulled with the record);
 * - `search_term` through the same full-text index as the service's, over local ids; a
 *   pull writes a page and indexes it in one statement, pausing the triggers meanwhile
 *   with a row in `search_index_paused` (in the same transaction);
 * - the campaigns the person follows, and each followed campaign's standings as last pulled
 *   (slices are read from them; `quota_qualified` is what the service said when asked for
 *   the qualified slice with only_quota_qualified, because quotas are not mirrored).
 */
export const migration006: Migration = {
  version: 6,
  name: 'offline subject search',
  sql: `
ALTER TABLE subjects ADD COLUMN participation_dates TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(participation_dates));
CREATE TABLE search_index_paused (reason TEXT PRIMARY KEY);
${fullTextSql('subjects', 'local_id', { pausedBy: 'search_index_paused' })}
CREATE TABLE campaigns (
  campaign_id INTEGER PRIMARY KEY,
  followed_at INTEGER NOT NULL,
  pulled_at INTEGER,
  problem TEXT
);
CREATE TABLE campaign_standings (
  campaign_id INTEGER NOT NULL REFERENCES campaigns(campaign_id) ON DELETE CASCADE,
  subject_local_id INTEGER NOT NULL REFERENCES subjects(local_id) ON DELETE CASCADE,
  rank INTEGER,
  outcome TEXT,
  schedule_status TEXT,
  interaction_rating REAL,
  last_contacted_at TEXT,
  quota_qualified INTEGER NOT NULL DEFAULT 0 CHECK (quota_qualified IN (0, 1)),
  PRIMARY KEY (campaign_id, subject_local_id)
) WITHOUT ROWID;
CREATE INDEX campaign_standings_subject ON campaign_standings(subject_local_id);
`,
};
