/**
 * Random search bodies over a search world (world.ts): a few filters at a time, every
 * filter name of the interface reachable, values drawn from what the world holds (and a
 * few that match nothing). Some combinations are invalid on purpose (a slice without a
 * campaign); both sides must then refuse.
 */
import fc from 'fast-check';
import { OUTCOMES, SLICES, type SubjectFilters } from '../../../src/core/contract/subjects';
import { addDays } from '../../../src/core/subjects/dates';
import type { SearchWorld } from './world';

const TERMS = ['mül', 'muller', 'MÜLLER', 'ana', 'Ána', 'garc', 'jorg', 'zoe', 'o brien', "o'b", 'nguyen', 'strasse', 'straße', 'smith', 'example', 'example.org', '555', '%', 'w1-', 'renee chl', '+4'];

export function filtersArb(world: SearchWorld): fc.Arbitrary<SubjectFilters> {
  const date = (span: number) => fc.integer({ min: -span, max: 0 }).map((d) => addDays(world.today, d));
  const ids = world.subjectIds;
  const term = fc.oneof(
    fc.constantFrom(...TERMS),
    fc.constantFrom(...ids).map(String),
    fc.tuple(fc.constantFrom(...TERMS), fc.constantFrom(...TERMS)).map(([a, b]) => `${a} ${b}`),
  );
  const pieces: Record<string, fc.Arbitrary<Partial<SubjectFilters>>> = {
    campaign: fc.record(
      {
        recruiting_campaign_id: fc.constantFrom(...world.campaignIds),
        slice: fc.constantFrom(...SLICES),
        interaction_rating_threshold: fc.integer({ min: 1, max: 5 }),
        selected_outcomes: fc.subarray([...OUTCOMES], { minLength: 1 }),
      },
      { requiredKeys: ['recruiting_campaign_id'] },
    ),
    quota: fc.constantFrom(...world.campaignIds).map((recruiting_campaign_id) => ({ recruiting_campaign_id, slice: 'qualified' as const, only_quota_qualified: true })),
    // Invalid on purpose: campaign filters without a campaign.
    withoutCampaign: fc.oneof(fc.record({ slice: fc.constantFrom(...SLICES) }), fc.constant({ interaction_rating_threshold: 2 }), fc.constant({ only_quota_qualified: true })),
    term: term.map((search_term) => ({ search_term })),
    selected: fc.subarray(ids, { maxLength: 12 }).map((selected_subjects) => ({ selected_subjects })),
    archived: fc.boolean().map((include_archived) => ({ include_archived })),
    callEligible: fc.boolean().map((call_eligible) => ({ call_eligible })),
    blastEligible: fc.boolean().map((blast_eligible) => ({ blast_eligible })),
    optOuts: fc.boolean().map((opt_outs) => ({ opt_outs })),
    participated: fc.record({ participated: fc.boolean(), participated_after: date(700), participated_before: date(300) }, { requiredKeys: [] }),
    age: fc.record({ date_part: fc.constantFrom('years' as const, 'months' as const), min_age: fc.integer({ min: 0, max: 60 }), max_age: fc.integer({ min: 0, max: 90 }) }, { requiredKeys: [] }),
    minor: fc.record(
      {
        adult_with_minor_date_part: fc.constantFrom('years' as const, 'months' as const),
        adult_with_minor_min_age: fc.integer({ min: 0, max: 10 }),
        adult_with_minor_max_age: fc.integer({ min: 0, max: 17 }),
        adult_with_minor_demographic_ids: fc.subarray(world.demographicIds, { maxLength: 2 }),
      },
      { requiredKeys: [] },
    ),
    created: fc.record({ created_after: date(400), created_before: date(200).map((d) => `${d}T12:00:00Z`) }, { requiredKeys: [] }),
    hasAccount: fc.boolean().map((has_account) => ({ has_account })),
    consented: fc.boolean().map((consented) => ({ consented })),
    canCall: fc.boolean().map((can_call) => ({ can_call })),
    canEmail: fc.boolean().map((can_email) => ({ can_email })),
    languages: fc.subarray(['de', 'EN', 'fr', 'ja', 'xx'], { minLength: 1 }).map((languages) => ({ languages })),
    locations: fc.subarray(world.locationIds, { minLength: 1 }).map((location_ids) => ({ location_ids })),
    demographics: fc.subarray(world.demographicIds, { minLength: 1, maxLength: 3 }).map((demographic_ids) => ({ demographic_ids })),
    order: fc.record({
      order_by: fc.constantFrom('id' as const, 'first_name' as const, 'last_name' as const, 'email' as const, 'date_of_birth' as const, 'created_at' as const, 'updated_at' as const, 'rank' as const),
      order_dir: fc.constantFrom('asc' as const, 'desc' as const),
    }),
  };
  const names = Object.keys(pieces);
  return fc
    .tuple(
      fc.subarray(names, { minLength: 1, maxLength: 4 }).chain((chosen) => fc.tuple(...chosen.map((name) => pieces[name]))),
      fc.integer({ min: 1, max: 3 }),
      fc.constantFrom(5, 20, 50),
    )
    .map(([parts, page, per]) => Object.assign({ page, per }, ...parts) as SubjectFilters);
}
