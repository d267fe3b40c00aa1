import type { Migration } from '../../../core/sql/migrations';
import { fullTextSql } from '../../../core/search/text';

/** `search_term` through full-text search (src/core/search/text.ts), kept in step with
 *  the subject rows by triggers; existing subjects are indexed here. */
export const migration005: Migration = {
  version: 5,
  name: 'subject full-text search',
  sql: fullTextSql('subjects', 'id'),
};
