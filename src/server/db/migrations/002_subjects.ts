import type { Migration } from '../../../core/sql/migrations';

/** Households, subjects, locations, recruiting campaigns and their standings. */
export const migration002: Migration = {
  version: 2,
  name: 'subjects',
  sql: `
CREATE TABLE households (
  id INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  address TEXT, city TEXT, country TEXT, state TEXT, zip TEXT
);
`,
};
