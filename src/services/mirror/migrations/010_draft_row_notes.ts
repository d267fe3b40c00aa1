import type { Migration } from '../../../core/sql/migrations';

/**
 * What only a sheet's cells could say about a draft row: an e-mail that had surrounding
 * spaces, an e-mail read from a fallback column, a last name joined from several columns.
 * The row's values no longer show it once trimmed or joined, so `muster check` could say it
 * and the workspace could not. Kept as the warnings read (JSON), each with the value it is
 * about; null for a row with none (nearly all) and for rows added by hand.
 */
export const migration010: Migration = {
  version: 10,
  name: 'draft row notes from the sheet',
  sql: `
ALTER TABLE draft_rows ADD COLUMN notes TEXT CHECK (notes IS NULL OR (json_valid(notes) AND json_type(notes) = 'array'));
`,
};
