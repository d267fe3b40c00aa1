import type { Migration } from '../../../core/sql/migrations';

/**
 * Subjects and households. `base` is the version last pulled, kept for three-way conflict
 * detection; it is NULL while the record is synced, because the columns then are exactly
 * that version (so a pull of a million subjects writes no JSON copy of each). The first
 * local change freezes the columns into `base`. `pulled` holds a newer remote version that
 * arrived while local changes wait to be pushed. `remote_id` is NULL until the service has
 * the record. Only the indexes a pull and the outbox need exist, so bulk writes stay fast.
 */
export const migration004: Migration = {
  version: 4,
  name: 'subjects and households',
  sql: `
CREATE TABLE households (
  local_id INTEGER PRIMARY KEY,
  remote_id INTEGER UNIQUE,
  address TEXT,
  city TEXT,
  country TEXT,
  state TEXT,
  zip TEXT,
  base TEXT CHECK (base IS NULL OR json_valid(base)),
  pulled_at INTEGER
);
CREATE TABLE subjects (
  local_id INTEGER PRIMARY KEY,
  remote_id INTEGER UNIQUE,
  household_local_id INTEGER NOT NULL REFERENCES households(local_id),
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
  demographic_ids TEXT NOT NULL DEFAULT '[]',
  location_ids TEXT NOT NULL DEFAULT '[]',
  consented_at TEXT,
  opted_out_at TEXT,
  has_account INTEGER NOT NULL DEFAULT 0,
  lock_version INTEGER,
  remote_created_at TEXT,
  remote_updated_at TEXT,
  base TEXT CHECK (base IS NULL OR json_valid(base)),
  pulled TEXT CHECK (pulled IS NULL OR json_valid(pulled)),
  state TEXT NOT NULL DEFAULT 'synced' CHECK (state IN ('synced', 'created', 'updated', 'destroyed', 'conflict')),
  pulled_at INTEGER,
  changed_at INTEGER
);
CREATE INDEX subjects_household ON subjects(household_local_id);
CREATE INDEX subjects_unsynced ON subjects(state) WHERE state <> 'synced';
`,
};
