import type { Migration } from '../../../core/sql/migrations';

/**
 * The order a subject search lists by id in (core/search/compile.ts, to the letter), as an
 * index: the first page of a long list is then read along it instead of sorting everyone
 * (services/usecases/subject-search.ts walks it when a short word finds many).
 */
export const migration007: Migration = {
  version: 7,
  name: 'subject list order',
  sql: `
CREATE INDEX subjects_by_id ON subjects((remote_id IS NULL), remote_id, local_id);
`,
};
