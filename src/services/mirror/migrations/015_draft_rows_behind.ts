import type { Migration } from '../../../core/sql/migrations';

/**
 * Steps of a draft's history whose rows are written after the step is answered: a fix of
 * 10,000 rows is logged (small, in its own transaction) before the workspace answers it, and
 * its rows follow as soon as the main side is idle. Until they do, a step here says which
 * side of which logged step the rows still lack, and which open draft (`owner`, a token of
 * the session) took it; reading the rows writes them first (queries/drafts/draft-rows-behind.ts).
 * A logged step cannot be forgotten while its rows are behind (no cascade from draft_edits),
 * so the rows are never lost.
 */
export const migration015: Migration = {
  version: 15,
  name: 'draft rows behind',
  sql: `
CREATE TABLE draft_rows_behind (
  id INTEGER PRIMARY KEY,
  draft_id INTEGER NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('before', 'after')),
  owner TEXT NOT NULL,
  FOREIGN KEY (draft_id, seq) REFERENCES draft_edits(draft_id, seq)
);
CREATE INDEX draft_rows_behind_draft ON draft_rows_behind(draft_id, id);
`,
};
