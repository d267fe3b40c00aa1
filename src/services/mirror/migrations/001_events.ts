import type { Migration } from '../../../core/sql/migrations';

/**
 * Events known by the external id people type, with the service's internal `event_id` once
 * learned, and the demographic catalog of each event as learned from parser results (ids
 * are the service's). Conventions of every mirror table: times the mirror stamps are
 * milliseconds since 1970 (INTEGER); times the service gave are kept as its text.
 */
export const migration001: Migration = {
  version: 1,
  name: 'events and catalog',
  sql: `
CREATE TABLE events (
  external_event_id INTEGER PRIMARY KEY,
  event_id INTEGER UNIQUE,
  name TEXT,
  created_at INTEGER NOT NULL,
  learned_at INTEGER
);
CREATE TABLE demographic_categories (
  id INTEGER PRIMARY KEY,
  external_event_id INTEGER NOT NULL REFERENCES events(external_event_id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  exclusive INTEGER NOT NULL DEFAULT 0 CHECK (exclusive IN (0, 1)),
  learned_at INTEGER NOT NULL
);
CREATE INDEX demographic_categories_event ON demographic_categories(external_event_id);
CREATE TABLE demographics (
  id INTEGER PRIMARY KEY,
  category_id INTEGER NOT NULL REFERENCES demographic_categories(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  learned_at INTEGER NOT NULL
);
CREATE INDEX demographics_category ON demographics(category_id);
`,
};
