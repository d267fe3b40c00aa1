/**
 * A random population of subjects for the search conformance test and benchmark: names
 * with and without accents, phones written every way, households with children, links,
 * participations and campaign standings in every slice. Written into the reference
 * service's database through its store functions, so ids and rules are the service's own.
 */
import fc from 'fast-check';
import { OUTCOMES, type Outcome } from '../../../src/core/contract/subjects';
import { addDays, shiftMonths, todayOf } from '../../../src/core/subjects/dates';
import type { Db } from '../../../src/server/db/open';
import { addQuota, createCampaign, setStanding } from '../../../src/server/store/campaigns';
import { demographicIdsByName } from '../../../src/server/store/demographics';
import { insertHousehold } from '../../../src/server/store/households';
import { createLocation } from '../../../src/server/store/locations';
import { addParticipation } from '../../../src/server/store/participations';
import { setSubjectDemographics, setSubjectLocations } from '../../../src/server/store/subject-links';
import { insertSubject } from '../../../src/server/store/subjects';

export const FIRST_NAMES = ['Anna', 'Ána', 'Jörg', 'Jorg', 'Zoë', 'Zoe', 'Łukasz', 'Renée', 'Renee', 'Ana', 'Annabel', 'Müller', 'Chloé', 'Ömer', 'Sam'];
export const LAST_NAMES = ['Müller', 'Muller', 'Mueller', 'García', 'Garcia', 'Smith', 'Smithson', 'Ó Briain', "O'Brien", 'Nguyễn', 'Nguyen', 'Dubois', 'Straße'];
export const LANGUAGES = ['de', 'EN', 'en', 'fr', 'ja', null] as const;

export interface SearchWorld {
  companyId: number;
  campaignIds: number[];
  demographicIds: number[];
  locationIds: number[];
  subjectIds: number[];
  today: string;
}

interface Person {
  first: string | null;
  last: string | null;
  middle: string | null;
  emailUser: string | null;
  phone: string | null;
  mobile: string | null;
  work: string | null;
  lang: (typeof LANGUAGES)[number];
  ageMonths: number | null;
  exclusionDays: number | null;
  consented: boolean;
  optedOut: boolean;
  archived: boolean;
  account: boolean;
  createdDaysAgo: number;
  demographics: number[];
  locations: number[];
  participations: number[];
  standings: ({ rank: number | null; outcome: Outcome | null; schedule: 'scheduled' | 'unscheduled' | null; rating: number | null } | null)[];
  householdSize: number;
}

const maybe = <T>(arb: fc.Arbitrary<T>, freq = 3) => fc.option(arb, { freq, nil: null });
const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
const phone = fc.oneof(
  fc.tuple(digits(3), digits(3), digits(4)).map(([a, b, c]) => `(${a}) ${b}-${c}`),
  fc.tuple(digits(3), digits(4)).map(([a, b]) => `${a}-${b}`),
  fc.tuple(digits(2), digits(8)).map(([a, b]) => `+${a} ${b}`),
);
const standing = fc.record({
  rank: maybe(fc.integer({ min: 1, max: 500 }), 2),
  outcome: maybe(fc.constantFrom(...OUTCOMES), 2),
  schedule: maybe(fc.constantFrom('scheduled' as const, 'unscheduled' as const), 3),
  rating: maybe(fc.integer({ min: 1, max: 5 }), 2),
});

function personArb(demographicIds: number[], locationIds: number[], campaigns: number): fc.Arbitrary<Person> {
  return fc.record({
    first: maybe(fc.constantFrom(...FIRST_NAMES), 8),
    last: maybe(fc.constantFrom(...LAST_NAMES), 8),
    middle: maybe(fc.constantFrom('Q', 'Ä', 'b'), 2),
    emailUser: maybe(fc.stringMatching(/^[a-z]{2,8}(\.[a-z]{2,6})?$/), 4),
    phone: maybe(phone, 2),
    mobile: maybe(phone, 2),
    work: maybe(phone, 3),
    lang: fc.constantFrom(...LANGUAGES),
    ageMonths: maybe(fc.integer({ min: 0, max: 95 * 12 }), 6),
    exclusionDays: maybe(fc.integer({ min: -60, max: 60 }), 2),
    consented: fc.boolean(),
    optedOut: fc.boolean(),
    archived: fc.nat(9).map((n) => n === 0),
    account: fc.boolean(),
    createdDaysAgo: fc.integer({ min: 0, max: 400 }),
    demographics: fc.subarray(demographicIds, { maxLength: 3 }),
    locations: fc.subarray(locationIds, { maxLength: 2 }),
    participations: fc.array(fc.integer({ min: 0, max: 700 }), { maxLength: 3 }),
    standings: fc.array(maybe(standing, 2), { minLength: campaigns, maxLength: campaigns }),
    householdSize: fc.constantFrom(1, 1, 1, 2, 3),
  });
}

/**
 * Adds `count` random subjects (from `seed`) to a company, a second campaign with quotas,
 * and standings in the company's campaigns. Answers what a filter generator may pick from.
 */
export function seedSearchWorld(db: Db, options: { companyId: number; eventId: number; campaignIds: number[]; count: number; seed: number; now: Date }): SearchWorld {
  const { companyId, eventId, count, seed, now } = options;
  const today = todayOf(now);
  return db.transaction(() => {
    const extra = createCampaign(db, companyId, eventId, 'Conformance campaign', now);
    const campaignIds = [...options.campaignIds, extra];
    const demographicIds = [...demographicIdsByName(db, companyId).values()];
    for (const id of demographicIds.slice(0, 3)) addQuota(db, extra, id, 10);
    const locationIds = ['North', 'Süd', 'Ost'].map((name) => createLocation(db, companyId, `${name} ${seed}`));
    const people = fc.sample(personArb(demographicIds, locationIds, campaignIds.length), { numRuns: count, seed });
    const subjectIds: number[] = [];
    let household: { id: number; left: number } = { id: 0, left: 0 };
    people.forEach((p, i) => {
      if (household.left === 0) {
        household = { id: insertHousehold(db, companyId, { address: `${i} Ringstraße`, city: i % 2 ? 'Köln' : 'Cologne', country: 'DE', state: null, zip: null }), left: p.householdSize };
      }
      household.left--;
      const created = `${addDays(today, -p.createdDaysAgo)}T${String(i % 24).padStart(2, '0')}:00:00.000Z`;
      const birth = p.ageMonths === null ? null : addDays(shiftMonths(today, -p.ageMonths), -(i % 27));
      const id = insertSubject(
        db,
        companyId,
        household.id,
        {
          code: `W${seed}-${i}`,
          cid: String(700_000 + i),
          first_name: p.first,
          last_name: p.last,
          middle_initial: p.middle,
          email: p.emailUser === null ? null : `${p.emailUser}${i}@example.org`,
          phone: p.phone,
          mobile_phone: p.mobile,
          work_phone: p.work,
          preferred_language: p.lang,
          date_of_birth: birth,
          contact_exclusion_until_date: p.exclusionDays === null ? null : addDays(today, p.exclusionDays),
          consented_at: p.consented ? created : null,
          opted_out_at: p.optedOut ? created : null,
          archived_at: p.archived ? created : null,
          has_account: p.account,
        },
        new Date(created),
      );
      setSubjectDemographics(db, id, p.demographics);
      setSubjectLocations(db, id, p.locations);
      for (const days of p.participations) addParticipation(db, id, eventId, addDays(today, -days));
      p.standings.forEach((s, c) => {
        if (s === null) return;
        const contacted = s.outcome === null ? null : `${addDays(today, -(i % 30))}T10:00:00.000Z`;
        // A rating belongs to an interaction, so it comes with an outcome.
        setStanding(db, campaignIds[c], id, { rank: s.rank, outcome: s.outcome, schedule_status: s.schedule, interaction_rating: s.outcome === null ? null : s.rating, last_contacted_at: contacted });
      });
      subjectIds.push(id);
    });
    return { companyId, campaignIds, demographicIds, locationIds, subjectIds, today };
  })();
}
