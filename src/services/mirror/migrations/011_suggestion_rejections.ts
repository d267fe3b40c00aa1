import type { Migration } from '../../../core/sql/migrations';

/**
 * Suggested fixes a person turned down in a draft. A rejection names the row (its stable
 * position), the field, the kind of fix and the value it was offered for: it holds through
 * edits elsewhere, and ends by itself once that cell says something else, because the
 * suggestion then is about another value. Not part of the undo history: turning a
 * suggestion down changes no row.
 */
export const migration011: Migration = {
  version: 11,
  name: 'rejected suggestions per draft',
  sql: `
CREATE TABLE draft_suggestion_rejections (
  draft_id INTEGER NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  field TEXT NOT NULL CHECK (length(field) BETWEEN 1 AND 300),
  kind TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
  value TEXT NOT NULL,
  rejected_at INTEGER NOT NULL,
  PRIMARY KEY (draft_id, position, field, kind, value)
) WITHOUT ROWID;
`,
};
