import type { Migration } from '../../../core/sql/migrations';

/**
 * The sentence a failed call left on an op, kept as data too (catalog keys and parameters,
 * core/sync/failure.ts) so the sync panel says it in the page's language. Stored with the
 * English it words, `{"text": …, "words": […]}`: a statement that later writes another
 * sentence, or none, leaves words that no longer match `last_error`, and they are not read.
 */
export const migration013: Migration = {
  version: 13,
  name: 'outbox error words',
  sql: `
ALTER TABLE outbox ADD COLUMN last_error_words TEXT CHECK (
  last_error_words IS NULL OR coalesce(json_valid(last_error_words) AND json_type(last_error_words, '$.text') = 'text' AND json_type(last_error_words, '$.words') = 'array', 0)
);
`,
};
