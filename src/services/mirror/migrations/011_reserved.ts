import type { Migration } from '../../../core/sql/migrations';

/**
 * Step 11 belongs to the draft suggestions' rejections, made on another line of work; this
 * stand-in only keeps the steps numbered without a gap until both meet, when it is replaced
 * by the real step 11 (no released mirror has this stand-in).
 */
export const migration011: Migration = {
  version: 11,
  name: 'reserved',
  // Each step must change the schema (the migrations test checks it), so the stand-in adds one empty table.
  sql: `CREATE TABLE reserved_step_11 (id INTEGER PRIMARY KEY);`,
};
