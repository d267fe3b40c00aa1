import type { Migration } from '../../../core/sql/migrations';

/**
 * Imports and import actions as last seen on the service (ids are the service's), the
 * service's parser result of each import with where it disagrees with the offline parse.
 */
export const migration003: Migration = {
  version: 3,
  name: 'imports and actions',
  sql: `
CREATE TABLE imports (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL,
  external_event_id INTEGER REFERENCES events(external_event_id),
  draft_id INTEGER REFERENCES drafts(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  record TEXT NOT NULL CHECK (json_valid(record)),
  seen_at INTEGER NOT NULL
);
CREATE INDEX imports_event ON imports(event_id, id);
CREATE INDEX imports_draft ON imports(draft_id) WHERE draft_id IS NOT NULL;
CREATE TABLE parser_results (
  import_id INTEGER PRIMARY KEY REFERENCES imports(id) ON DELETE CASCADE,
  participants TEXT NOT NULL,
  disagreements TEXT,
  fetched_at INTEGER NOT NULL
);
CREATE TABLE import_actions (
  id INTEGER PRIMARY KEY,
  import_id INTEGER NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
  flags TEXT NOT NULL CHECK (json_valid(flags)),
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
  progress_total INTEGER NOT NULL DEFAULT 0,
  progress_processed INTEGER NOT NULL DEFAULT 0,
  result TEXT,
  error TEXT,
  record TEXT NOT NULL CHECK (json_valid(record)),
  updated_at INTEGER NOT NULL
);
CREATE INDEX import_actions_import ON import_actions(import_id, id);
`,
};
