import type { Db } from './db/open';
import type { JobRunner } from './jobs/runner';

/** What every route of the reference service works with. */
export interface ServiceContext {
  db: Db;
  now: () => Date;
  jobs: JobRunner;
}
