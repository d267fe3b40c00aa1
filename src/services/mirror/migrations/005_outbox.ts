import type { Migration } from '../../../core/sql/migrations';

/**
 * The outbox: every change bound for the service, in the order it was made (AUTOINCREMENT,
 * so an id is never reused even after the newest row is cleaned up), and a small key/value
 * table for the state of syncing as a whole (last successful sync, why the queue is paused).
 */
export const migration005: Migration = {
  version: 5,
  name: 'outbox',
  sql: `
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  entity_type TEXT NOT NULL,
  entity_key TEXT NOT NULL,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL CHECK (json_valid(payload)),
  depends_on INTEGER REFERENCES outbox(id),
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'in_flight', 'done', 'rejected', 'blocked')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  last_status INTEGER,
  idempotency_key TEXT NOT NULL UNIQUE,
  remote_ref INTEGER,
  result TEXT CHECK (result IS NULL OR json_valid(result)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  done_at INTEGER
);
CREATE INDEX outbox_state ON outbox(state, id);
CREATE INDEX outbox_entity ON outbox(entity_type, entity_key, id);
CREATE INDEX outbox_depends ON outbox(depends_on) WHERE depends_on IS NOT NULL;
CREATE TABLE sync_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
`,
};
