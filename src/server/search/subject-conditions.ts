import type { NormalisedFilters } from '../../core/subjects/filters';
import { ageBetween, canCall, canEmail, isMinor, phoneDigits } from './expressions';
import { and, containsPattern, inList, not, type Conditions, type Fragment } from './sql';

const TEXT_COLUMNS = ['s.first_name', 's.last_name', 's.middle_initial', 's.email', 's.code', 's.cid', 's.phone', 's.mobile_phone', 's.work_phone'];
const PHONE_COLUMNS = ['s.phone', 's.mobile_phone', 's.work_phone'];

/** One word of the search term: in any text column, as digits in a phone number, or the id. */
function termMatch(term: string): Fragment {
  const pattern = containsPattern(term);
  const parts: Fragment[] = TEXT_COLUMNS.map((column) => [`${column} LIKE ? ESCAPE '\\'`, [pattern]]);
  // "(555) 010-2030" is found by 5550102030 and by 010-20, whatever separators were stored.
  const digits = term.replace(/[\s().+-]/g, '');
  if (/^\d{3,}$/.test(digits)) for (const column of PHONE_COLUMNS) parts.push([`${phoneDigits(column)} LIKE ?`, [`%${digits}%`]]);
  if (/^\d{1,15}$/.test(term)) parts.push(['s.id = ?', [Number(term)]]);
  return [parts.map(([sql]) => sql).join(' OR '), parts.flatMap(([, params]) => params)];
}

const yesNo = (yes: boolean, fragment: Fragment): Fragment => (yes ? fragment : not(fragment));

/** Filters that read only the subject, its links, household and participations. */
export function addSubjectConditions(where: Conditions, f: NormalisedFilters, today: string, options: { archived: boolean }): void {
  if (options.archived && !f.includeArchived) where.add('s.archived_at IS NULL');
  for (const term of f.searchTerms) where.addFragment(termMatch(term));
  if (f.selectedSubjects) where.addFragment(inList('s.id', f.selectedSubjects));
  if (f.languages) where.addFragment(inList('lower(s.preferred_language)', f.languages));
  if (f.locationIds) where.addFragment(exists('subject_locations sl WHERE sl.subject_id = s.id', inList('sl.location_id', f.locationIds)));
  if (f.demographicIds) where.addFragment(withDemographics('s', f.demographicIds));
  if (f.optOuts !== null) where.add(f.optOuts ? 's.opted_out_at IS NOT NULL' : 's.opted_out_at IS NULL');
  if (f.consented !== null) where.add(f.consented ? 's.consented_at IS NOT NULL' : 's.consented_at IS NULL');
  if (f.hasAccount !== null) where.add('s.has_account = ?', f.hasAccount ? 1 : 0);
  if (f.canEmail !== null) where.addFragment(yesNo(f.canEmail, canEmail('s', today)));
  if (f.canCall !== null) where.addFragment(yesNo(f.canCall, canCall('s', today)));
  if (f.createdAfter !== null) where.add('s.created_at >= ?', f.createdAfter);
  if (f.createdBefore !== null) where.add('s.created_at < ?', f.createdBefore);
  if (f.age) where.addFragment(ageBetween('s', today, f.age.unit, f.age.min, f.age.max));
  if (f.participated) {
    const { yes, after, before } = f.participated;
    const window: Fragment[] = [];
    if (after !== null) window.push(['p.participated_on >= ?', [after]]);
    if (before !== null) window.push(['p.participated_on < ?', [before]]);
    where.addFragment(yesNo(yes, exists('participations p WHERE p.subject_id = s.id', ...window)));
  }
  if (f.adultWithMinor) {
    const { unit, min, max, demographicIds } = f.adultWithMinor;
    const minor: Fragment[] = [isMinor('m', today), ageBetween('m', today, unit, min, max)];
    if (demographicIds) minor.push(withDemographics('m', demographicIds));
    const [minorSql, minorParams] = and(...minor);
    where.addFragment(not(isMinor('s', today)));
    // Archived children are no longer followed, so they do not make anyone a parent here.
    where.add(`EXISTS (SELECT 1 FROM subjects m WHERE m.household_id = s.household_id AND m.id <> s.id AND m.archived_at IS NULL AND ${minorSql})`, ...minorParams);
  }
}

/** `EXISTS (SELECT 1 FROM <source> AND <conditions>)`; `source` is a constant with its WHERE. */
function exists(source: string, ...conditions: Fragment[]): Fragment {
  const [sql, params] = conditions.length ? and(...conditions) : ['1', []];
  return [`EXISTS (SELECT 1 FROM ${source} AND ${sql})`, params];
}

function withDemographics(alias: string, ids: readonly number[]): Fragment {
  return exists(`subject_demographics sd WHERE sd.subject_id = ${alias}.id`, inList('sd.demographic_id', ids));
}
