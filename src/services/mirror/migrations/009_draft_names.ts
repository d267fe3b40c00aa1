import type { Migration } from '../../../core/sql/migrations';

/**
 * Drafts a person manages: a name of their own (null keeps the file's name), and the
 * drafts of one event found by their file's content hash, so choosing the same sheet
 * again asks whether to continue the draft instead of silently making a second one. The
 * hash is the content's, not the path's: a file arrives as a grant, in the preview as a copy
 * in a temporary folder, so a path never matches.
 *
 * Deleting drafts makes their ids free, and SQLite would give the highest one again: the
 * outbox and imports still name the deleted draft by it, so a new draft would inherit its
 * push. `draft_id_floor` keeps the highest id ever deleted; new drafts are numbered above it.
 */
export const migration009: Migration = {
  version: 9,
  name: 'draft names and drafts by file',
  sql: `
ALTER TABLE drafts ADD COLUMN name TEXT CHECK (name IS NULL OR length(trim(name)) BETWEEN 1 AND 200);
CREATE INDEX drafts_source ON drafts(external_event_id, source_hash, updated_at);
CREATE TABLE draft_id_floor (only INTEGER PRIMARY KEY CHECK (only = 1), last INTEGER NOT NULL);
INSERT INTO draft_id_floor (only, last) SELECT 1, coalesce(max(id), 0) FROM drafts;
CREATE TRIGGER drafts_id_floor AFTER DELETE ON drafts BEGIN
  UPDATE draft_id_floor SET last = max(last, OLD.id) WHERE only = 1;
END;
`,
};
