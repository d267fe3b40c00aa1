import type { Db } from './db/open';
import type { HeavyWorkQueue } from './export/heavy-work';
import type { JobRunner } from './jobs/runner';

/** What every route of the reference service works with. */
export interface ServiceContext {
  db: Db;
  now: () => Date;
  jobs: JobRunner;
  /** Turns for heavy work (exports), fair between companies. */
  heavy: HeavyWorkQueue;
}
