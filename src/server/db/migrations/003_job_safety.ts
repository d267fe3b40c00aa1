import type { Migration } from '../../../core/sql/migrations';

/**
 * Remembers which import action created a demographic category, so a resumed action
 * judges its rows against the catalog as it was when the action began; and indexes
 * idempotency keys by age for their expiry sweep.
 */
export const migration003: Migration = {
  version: 3,
  name: 'job safety',
  sql: `
ALTER TABLE demographic_categories ADD COLUMN created_by_action_id INTEGER;
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
`,
};
