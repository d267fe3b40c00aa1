import type { Migration } from '../../../core/sql/migrations';

/** Companies, OAuth applications and tokens, events with their demographic catalog,
 *  participants, imports, import actions (jobs), documents and idempotency keys. */
export const migration001: Migration = {
  version: 1,
  name: 'imports',
  sql: `
CREATE TABLE companies (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);
CREATE TABLE oauth_applications (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  client_id TEXT NOT NULL UNIQUE,
  client_secret_hash TEXT NOT NULL
);
CREATE TABLE access_tokens (
  id INTEGER PRIMARY KEY,
  application_id INTEGER NOT NULL REFERENCES oauth_applications(id),
  company_id INTEGER NOT NULL REFERENCES companies(id),
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT,
  revoked_at TEXT
);
CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  external_event_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  UNIQUE (company_id, external_event_id)
);
CREATE TABLE demographic_categories (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  event_id INTEGER REFERENCES events(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  exclusive INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX demographic_categories_event ON demographic_categories(event_id);
CREATE TABLE demographics (
  id INTEGER PRIMARY KEY,
  category_id INTEGER NOT NULL REFERENCES demographic_categories(id) ON DELETE CASCADE,
  name TEXT NOT NULL
);
CREATE INDEX demographics_category ON demographics(category_id);
CREATE TABLE participants (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  external_id TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  email_key TEXT NOT NULL DEFAULT '',
  locale TEXT NOT NULL DEFAULT '',
  note TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX participants_event_external ON participants(event_id, external_id);
CREATE INDEX participants_event_email ON participants(event_id, email_key);
CREATE TABLE participant_demographics (
  participant_id INTEGER NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
  demographic_id INTEGER NOT NULL REFERENCES demographics(id) ON DELETE CASCADE,
  PRIMARY KEY (participant_id, demographic_id)
) WITHOUT ROWID;
CREATE INDEX participant_demographics_demographic ON participant_demographics(demographic_id);
CREATE TABLE participant_imports (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  event_id INTEGER NOT NULL REFERENCES events(id),
  created_by_id INTEGER NOT NULL,
  created_by_type TEXT NOT NULL,
  act_if_valid INTEGER NOT NULL,
  payload TEXT NOT NULL,
  participant_count INTEGER NOT NULL,
  document_id INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX participant_imports_event ON participant_imports(event_id);
CREATE TABLE participant_import_actions (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  participant_import_id INTEGER NOT NULL REFERENCES participant_imports(id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
  flags TEXT NOT NULL,
  progress_total INTEGER NOT NULL DEFAULT 0,
  progress_processed INTEGER NOT NULL DEFAULT 0,
  result TEXT,
  error TEXT,
  created_by_id INTEGER NOT NULL,
  created_by_type TEXT NOT NULL,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT
);
CREATE INDEX participant_import_actions_import ON participant_import_actions(participant_import_id);
CREATE INDEX participant_import_actions_status ON participant_import_actions(status);
-- Participants an action has matched or created so far; lets a resumed job finish
-- destroy_unmatched_participants without redoing its chunks.
CREATE TABLE action_touched (
  action_id INTEGER NOT NULL REFERENCES participant_import_actions(id) ON DELETE CASCADE,
  participant_id INTEGER NOT NULL,
  PRIMARY KEY (action_id, participant_id)
) WITHOUT ROWID;
CREATE TABLE documents (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  content BLOB NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE idempotency_keys (
  company_id INTEGER NOT NULL REFERENCES companies(id),
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status_code INTEGER,
  response TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (company_id, key)
) WITHOUT ROWID;
`,
};
