import type { Migration } from '../../../core/sql/migrations';

/** Households, locations, subjects with their demographics and locations, recruiting
 *  campaigns with quotas, blasts and standings, and event participations. */
export const migration002: Migration = {
  version: 2,
  name: 'subjects',
  sql: `
CREATE TABLE households (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  address TEXT,
  city TEXT,
  country TEXT,
  state TEXT,
  zip TEXT
);
CREATE INDEX households_company ON households(company_id);
CREATE TABLE locations (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL
);
CREATE INDEX locations_company ON locations(company_id);
-- Dates are YYYY-MM-DD and timestamps ISO 8601 in UTC, so both compare as text.
CREATE TABLE subjects (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  household_id INTEGER NOT NULL REFERENCES households(id),
  head_of_household INTEGER NOT NULL DEFAULT 0,
  code TEXT,
  preferred_language TEXT,
  contact_exclusion_until_date TEXT,
  first_name TEXT,
  last_name TEXT,
  middle_initial TEXT,
  email TEXT,
  date_of_birth TEXT,
  phone TEXT,
  mobile_phone TEXT,
  work_phone TEXT,
  notes TEXT,
  onboarding_completed_at TEXT,
  minor_entry_completed_at TEXT,
  archived_at TEXT,
  cid TEXT,
  consented_at TEXT,
  opted_out_at TEXT,
  has_account INTEGER NOT NULL DEFAULT 0,
  lock_version INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX subjects_company ON subjects(company_id, id);
CREATE INDEX subjects_household ON subjects(household_id);
CREATE INDEX subjects_company_birth ON subjects(company_id, date_of_birth);
CREATE TABLE subject_demographics (
  subject_id INTEGER NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  demographic_id INTEGER NOT NULL REFERENCES demographics(id) ON DELETE CASCADE,
  PRIMARY KEY (subject_id, demographic_id)
) WITHOUT ROWID;
CREATE INDEX subject_demographics_demographic ON subject_demographics(demographic_id);
CREATE TABLE subject_locations (
  subject_id INTEGER NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  location_id INTEGER NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  PRIMARY KEY (subject_id, location_id)
) WITHOUT ROWID;
CREATE INDEX subject_locations_location ON subject_locations(location_id);
CREATE TABLE recruiting_campaigns (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  event_id INTEGER REFERENCES events(id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX recruiting_campaigns_company ON recruiting_campaigns(company_id);
CREATE TABLE campaign_quotas (
  campaign_id INTEGER NOT NULL REFERENCES recruiting_campaigns(id) ON DELETE CASCADE,
  demographic_id INTEGER NOT NULL REFERENCES demographics(id) ON DELETE CASCADE,
  target INTEGER NOT NULL,
  PRIMARY KEY (campaign_id, demographic_id)
) WITHOUT ROWID;
-- A blast keeps the subject search filter (SubjectFilters JSON) it was sent with.
CREATE TABLE recruiting_blasts (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  campaign_id INTEGER NOT NULL REFERENCES recruiting_campaigns(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  filters TEXT NOT NULL,
  created_at TEXT NOT NULL
);
-- A subject's current standing in a campaign: its place in the ranking, the outcome and
-- rating of its latest interaction, and whether it holds (or lost) a session seat.
CREATE TABLE campaign_standings (
  campaign_id INTEGER NOT NULL REFERENCES recruiting_campaigns(id) ON DELETE CASCADE,
  subject_id INTEGER NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  rank INTEGER,
  outcome TEXT CHECK (outcome IN ('contacted', 'alternate', 'qualified_accepted', 'schedule_conflict', 'terminated', 'declined')),
  schedule_status TEXT CHECK (schedule_status IN ('scheduled', 'unscheduled')),
  interaction_rating INTEGER,
  last_contacted_at TEXT,
  PRIMARY KEY (campaign_id, subject_id)
) WITHOUT ROWID;
CREATE INDEX campaign_standings_subject ON campaign_standings(subject_id);
CREATE TABLE participations (
  id INTEGER PRIMARY KEY,
  subject_id INTEGER NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  participated_on TEXT NOT NULL
);
CREATE INDEX participations_subject ON participations(subject_id, participated_on);
`,
};
