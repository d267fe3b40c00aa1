import type { Migration } from '../../../core/sql/migrations';

/**
 * Import drafts: a spreadsheet read for one event, its rows as participant payloads, and
 * the undo history of the edits made to them. Row `position` is a stable key that also
 * orders the grid: deleting a row leaves a gap, so undo can put it back where it was.
 */
export const migration002: Migration = {
  version: 2,
  name: 'import drafts',
  sql: `
CREATE TABLE drafts (
  id INTEGER PRIMARY KEY,
  external_event_id INTEGER NOT NULL REFERENCES events(external_event_id),
  source_name TEXT NOT NULL,
  source_size INTEGER NOT NULL CHECK (source_size >= 0),
  source_hash TEXT NOT NULL,
  sheet_name TEXT,
  header_row INTEGER CHECK (header_row IS NULL OR header_row >= 1),
  mapping TEXT CHECK (mapping IS NULL OR json_valid(mapping)),
  flags TEXT NOT NULL CHECK (json_valid(flags)),
  state TEXT NOT NULL DEFAULT 'editing' CHECK (state IN ('editing', 'ready', 'pushing', 'pushed', 'failed')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX drafts_event ON drafts(external_event_id);
CREATE TABLE draft_rows (
  draft_id INTEGER NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  source_row INTEGER,
  participant TEXT NOT NULL,
  PRIMARY KEY (draft_id, position)
) WITHOUT ROWID;
CREATE TABLE draft_edits (
  draft_id INTEGER NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  kind TEXT NOT NULL,
  positions TEXT NOT NULL CHECK (json_valid(positions)),
  before TEXT NOT NULL CHECK (json_valid(before)),
  after TEXT NOT NULL CHECK (json_valid(after)),
  undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (draft_id, seq)
);
`,
};
