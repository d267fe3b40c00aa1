import type { Migration } from '../../../core/sql/migrations';

/**
 * How a step of a draft's undo history keeps its sides: 'rows', each changed row whole (every
 * step logged before this one), or 'patches', a row's changed fields where the change keeps
 * the row (queries/drafts/edit-sides.ts). A 10,000-row fix of one field logs kilobytes per
 * thousand rows instead of megabytes.
 */
export const migration014: Migration = {
  version: 14,
  name: 'draft edit patches',
  sql: `
ALTER TABLE draft_edits ADD COLUMN shape TEXT NOT NULL DEFAULT 'rows' CHECK (shape IN ('rows', 'patches'));
`,
};
