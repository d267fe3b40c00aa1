import type { Outcome } from '../../core/contract/subjects';
import type { SubjectColumns } from '../../core/subjects/input';
import { addDays, shiftMonths, todayOf } from '../../core/subjects/dates';
import type { Db } from '../db/open';
import { addQuota, createBlast, createCampaign, firstBlastOf, firstCampaignOf, setStanding } from '../store/campaigns';
import { insertHousehold } from '../store/households';
import { createLocation } from '../store/locations';
import { addParticipation } from '../store/participations';
import { setSubjectDemographics, setSubjectLocations } from '../store/subject-links';
import { insertSubject } from '../store/subjects';
import { demographicIdsByName } from '../store/demographics';

export interface SeedTarget {
  companyId: number;
  eventId: number;
}

/** Subject codes start with this per company (N01…N40 for the first, B01…B40 for the second). */
export const DEMO_CODE_PREFIXES = ['N', 'B', 'C', 'D'];
export const DEMO_LOCATIONS = ['Downtown lab', 'Riverside mall', 'Airport panel room'];

/**
 * The demo people, one a line: number, first and last name, age (years, `8m` for months,
 * `-` for no birth date; everyone's birthday is ten days past), language, household (`own`
 * for one of their own), flags, demographics, location indexes (`-` for none).
 * Flags: h head of household, c consented, a has account, o opted out, x archived,
 * e contact-excluded for 30 more days, p exclusion ended 10 days ago, m no e-mail,
 * n no phone, w work phone only, k onboarding completed.
 */
const PEOPLE = `
01 Anna Smith 38 en smith hca Female,35-44 0
02 Ben Smith 41 en smith c Male,35-44 0
03 Cara Smith 9 en smith mn Female -
04 Dan Smith 15 en smith m Male -
05 Elena Garcia 34 es garcia hcak Female,25-34 1
06 Felipe Garcia 4 es garcia mn Male -
07 Gabi Garcia 8m es garcia mn Female -
08 Hugo Blank 52 de blank c Male,45-54 1
09 Ines Weber 27 de weber hca Female,25-34 2
10 Jon Park 22 en own o Male,18-24 0
11 Kira Stone 45 en own cx Female,45-54 0
12 Liam Brown 61 en own c Male,55-64 0,1
13 Mia Rossi 30 it own ca Female,25-34 1
14 Noah Klein 50 de own c Male,45-54 2
15 Oscar Ivanov 29 ru own c Male,25-34 -
16 Pat Quinn 58 en own e Non-binary,55-64 -
17 Rosa Lima 67 pt own c Female,65+ -
18 Sam Cole 24 en own w Male,18-24 -
19 Tara Nash 36 en own p Female,35-44 -
20 Umar Aziz 44 ar own c Male,35-44 -
21 Vera Holm 33 sv own m Female,25-34 -
22 Will Ford 70 en own n Male,65+ -
23 Xena Pope - en own c - -
24 Yuri Sato 26 ja own ca Male,25-34 -
25 Zoe Hart 19 en own - Female,18-24 -
26 Adam Fox 48 fr own c Male,45-54 -
27 Bea Lund 55 sv own o Female,55-64 -
28 Carl Berg 39 de own a Male,35-44 -
29 Dina Cruz 31 es own c Female,25-34 -
30 Emil Dahl 63 da own - Male,55-64 -
31 Fay Moss 42 en own c Female,35-44 -
32 Gus Webb 35 en own x Male,35-44 -
33 Hana Ito 28 ja own c Female,25-34 -
34 Ivan Petrov 47 ru own - Male,45-54 -
35 Jade Wu 23 zh own ca Female,18-24 -
36 Kurt Vogel 57 de own c Male,55-64 -
37 Lena Novak 37 cs own c Female,35-44 -
38 Marc Roy 66 fr own - Male,65+ -
39 Nina Berg 26 nl own c Female,25-34 -
40 Omar Said 53 ar own o Male,45-54 -
`;

const HOUSEHOLDS: Record<string, { address: string | null; city: string | null; country: string | null; state: string | null; zip: string | null }> = {
  smith: { address: '12 Elm Street', city: 'Springfield', country: 'US', state: 'IL', zip: '62701' },
  garcia: { address: 'Calle Mayor 5', city: 'Madrid', country: 'ES', state: null, zip: '28013' },
  blank: { address: null, city: null, country: null, state: null, zip: null },
  weber: { address: 'Hauptstraße 3', city: 'Berlin', country: 'DE', state: 'BE', zip: '10115' },
};

type StandingLine = [number, rank: number | null, outcome: Outcome | null, schedule: 'scheduled' | 'unscheduled' | null, rating: number | null];

/**
 * Standings in each company's campaign, chosen so that every slice has members and the
 * edges show: a ranked subject who was also contacted (24) or terminated (19) is not
 * ineligible, and one unscheduled after a plain contact (26) stays unconfirmed.
 */
const STANDINGS: StandingLine[] = [
  [1, 1, null, null, null],
  [2, 2, null, null, null],
  [5, 3, null, null, null],
  [8, 4, null, null, null],
  [9, 5, null, null, null],
  [11, 6, null, null, null],
  [12, 7, null, null, null],
  [24, 8, 'contacted', null, 2],
  [19, 9, 'terminated', null, 2],
  [13, null, 'qualified_accepted', 'scheduled', 5],
  [14, null, 'qualified_accepted', 'scheduled', 4],
  [15, null, 'qualified_accepted', 'unscheduled', 4],
  [16, null, 'alternate', null, 3],
  [17, null, 'schedule_conflict', null, 3],
  [18, null, 'terminated', null, 1],
  [20, null, 'declined', null, 1],
  [21, null, 'contacted', null, 2],
  [26, null, 'contacted', 'unscheduled', null],
];

/** Days ago each took part in the company's event. */
const PARTICIPATIONS: [number, number[]][] = [
  [1, [400, 30]],
  [8, [100]],
  [9, [10]],
  [12, [200]],
];

/** Quotas of the campaign, by demographic name (left out where the company lacks one). */
const QUOTAS: [string, number][] = [
  ['Female', 10],
  ['25-34', 8],
];

/** The filter stored on each campaign's blast: English speakers of 30 and over. */
export const DEMO_BLAST_FILTERS = { languages: ['en'], min_age: 30 };

interface Person {
  nn: number;
  first: string;
  last: string;
  age: string;
  lang: string;
  home: string;
  flags: string;
  demographics: string[];
  locations: number[];
}

function people(): Person[] {
  return PEOPLE.trim()
    .split('\n')
    .map((line) => {
      const [nn, first, last, age, lang, home, flags, demographics, locations] = line.split(' ');
      const none = (text: string) => text === '-';
      return {
        nn: Number(nn),
        first,
        last,
        age,
        lang,
        home,
        flags: none(flags) ? '' : flags,
        demographics: none(demographics) ? [] : demographics.split(','),
        locations: none(locations) ? [] : locations.split(',').map(Number),
      };
    });
}

const pad = (n: number) => String(n).padStart(2, '0');

function birthDate(age: string, today: string): string | null {
  if (age === '-') return null;
  const months = age.endsWith('m') ? Number(age.slice(0, -1)) : Number(age) * 12;
  return addDays(shiftMonths(today, -months), -10);
}

function columnsOf(p: Person, code: string, today: string, createdAt: string): Partial<SubjectColumns> {
  const has = (flag: string) => p.flags.includes(flag);
  const phone = `555-01${pad(p.nn)}`;
  const birth = birthDate(p.age, today);
  return {
    code,
    cid: String(100_000 + p.nn),
    first_name: p.first,
    last_name: p.last,
    middle_initial: p.nn % 5 === 0 ? 'Q' : null,
    email: has('m') ? null : `${p.first}.${p.last}.${code}@example.com`.toLowerCase(),
    phone: has('n') || has('w') ? null : phone,
    mobile_phone: !has('n') && !has('w') && p.nn % 3 === 0 ? `555-02${pad(p.nn)}` : null,
    work_phone: has('w') ? `555-03${pad(p.nn)}` : null,
    date_of_birth: birth,
    preferred_language: p.lang,
    head_of_household: has('h'),
    has_account: has('a'),
    consented_at: has('c') ? createdAt : null,
    opted_out_at: has('o') ? `${addDays(today, -30)}T08:00:00.000Z` : null,
    archived_at: has('x') ? `${addDays(today, -5)}T08:00:00.000Z` : null,
    contact_exclusion_until_date: has('e') ? addDays(today, 30) : has('p') ? addDays(today, -10) : null,
    onboarding_completed_at: has('k') ? createdAt : null,
    minor_entry_completed_at: birth !== null && birth > shiftMonths(today, -18 * 12) ? createdAt : null,
  };
}

function seedCompany(db: Db, target: SeedTarget, prefix: string, now: Date): void {
  const today = todayOf(now);
  const { companyId, eventId } = target;
  const locationIds = DEMO_LOCATIONS.map((name) => createLocation(db, companyId, name));
  const demographics = demographicIdsByName(db, companyId);
  const households = new Map<string, number>();
  const subjectIds = new Map<number, number>();
  for (const p of people()) {
    let householdId = households.get(p.home);
    if (householdId === undefined) {
      const own = { address: `${p.nn} Main Street`, city: 'Springfield', country: 'US', state: 'IL', zip: '62704' };
      householdId = insertHousehold(db, companyId, HOUSEHOLDS[p.home] ?? own);
      if (p.home !== 'own') households.set(p.home, householdId);
    }
    // Created one every five days, the oldest 200 days ago, so created_after/before have edges.
    const createdAt = `${addDays(today, -(205 - 5 * p.nn))}T09:00:00.000Z`;
    const code = `${prefix}${pad(p.nn)}`;
    const id = insertSubject(db, companyId, householdId, columnsOf(p, code, today, createdAt), new Date(createdAt));
    setSubjectDemographics(db, id, p.demographics.flatMap((name) => demographics.get(name) ?? []));
    setSubjectLocations(db, id, p.locations.map((index) => locationIds[index]));
    subjectIds.set(p.nn, id);
  }

  const campaignId = createCampaign(db, companyId, eventId, 'Spring recruiting', now);
  for (const [name, target] of QUOTAS) {
    const demographicId = demographics.get(name);
    if (demographicId !== undefined) addQuota(db, campaignId, demographicId, target);
  }
  for (const [nn, rank, outcome, schedule, rating] of STANDINGS) {
    const contacted = outcome === null ? null : `${addDays(today, -nn)}T15:00:00.000Z`;
    setStanding(db, campaignId, subjectIds.get(nn) as number, { rank, outcome, schedule_status: schedule, interaction_rating: rating, last_contacted_at: contacted });
  }
  createBlast(db, companyId, campaignId, 'English speakers 30+', DEMO_BLAST_FILTERS, now);
  for (const [nn, daysAgo] of PARTICIPATIONS) {
    for (const days of daysAgo) addParticipation(db, subjectIds.get(nn) as number, eventId, addDays(today, -days));
  }
}

/** Households, subjects and a recruiting campaign with subjects in every slice, per company. */
export function seedDemoSubjects(db: Db, targets: readonly SeedTarget[], now: Date): void {
  targets.forEach((target, index) => seedCompany(db, target, DEMO_CODE_PREFIXES[index] ?? `X${index}`, now));
}

/** The demo campaign of a company (the first company's is id 1). */
export function demoCampaignIdOf(db: Db, companyId: number): number | undefined {
  return firstCampaignOf(db, companyId);
}

/** The demo blast of a company's demo campaign. */
export function demoBlastIdOf(db: Db, companyId: number): number | undefined {
  const campaignId = firstCampaignOf(db, companyId);
  return campaignId === undefined ? undefined : firstBlastOf(db, campaignId);
}
