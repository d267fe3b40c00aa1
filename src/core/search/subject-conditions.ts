import type { NormalisedFilters } from '../subjects/filters';
import { ageBetween, canCall, canEmail, isMinor } from './expressions';
import { and, inList, not, type Conditions, type Fragment } from './sql';
import type { SearchTables } from './tables';
import { FTS_TABLE, prefixQuery } from './text';

const textHits = (words: readonly string[]): Fragment => [`SELECT rowid AS k FROM ${FTS_TABLE} WHERE ${FTS_TABLE} MATCH ?`, [words.map(prefixQuery).join(' AND ')]];
const isNumber = (word: string) => /^\d{1,15}$/.test(word);

/** The full-text keys of the subjects a number finds: the start of a word of their text
 *  (text.ts), or their id. */
function numberHits(t: SearchTables, word: string): Fragment {
  const [sql, params] = textHits([word]);
  return [`${sql} UNION SELECT ${t.textKey('x')} FROM ${t.subjects} x WHERE ${t.id('x')} = ?`, [...params, Number(word)]];
}

/**
 * The full-text keys (tables.ts) of the subjects every word finds, as a row source with a
 * column `k`. A search with a term is driven from it (the full-text index is far more
 * selective than any other index a filter could use, and SQLite cannot estimate that itself).
 */
export function termHits(t: SearchTables, words: readonly string[]): Fragment {
  // The words that are not numbers go to the index as one query: it intersects their hits
  // itself, skipping through them, where an INTERSECT would collect every hit of each word
  // first ("anna w" read all 300,000 subjects with a word starting with w).
  const plain = words.filter((word) => !isNumber(word));
  const each = [...(plain.length > 0 ? [textHits(plain)] : []), ...words.filter(isNumber).map((word) => numberHits(t, word))];
  return [`(${each.map(([sql]) => `SELECT k FROM (${sql})`).join(' INTERSECT ')})`, each.flatMap(([, params]) => params)];
}

/** The term as a condition on `s` (membership in its hits), for a search that does not
 *  start from these hits: a blast's stored term. */
export function termMatch(t: SearchTables, words: readonly string[]): Fragment {
  const [sql, params] = termHits(t, words);
  return [`${t.textKey('s')} IN ${sql}`, params];
}

const yesNo = (yes: boolean, fragment: Fragment): Fragment => (yes ? fragment : not(fragment));

/**
 * Filters that read only the subject, its links, household and participations. `terms`
 * false leaves the search term out, for a caller that drives the search from termHits.
 */
export function addSubjectConditions(where: Conditions, t: SearchTables, f: NormalisedFilters, today: string, options: { archived: boolean; terms: boolean }): void {
  if (options.archived && !f.includeArchived) where.add('s.archived_at IS NULL');
  if (options.terms && f.searchTerms.length > 0) where.addFragment(termMatch(t, f.searchTerms));
  if (f.selectedSubjects) where.addFragment(inList(t.id('s'), f.selectedSubjects));
  if (f.languages) where.addFragment(inList('lower(s.preferred_language)', f.languages));
  if (f.locationIds) where.addFragment(linked(t.locations('s'), f.locationIds));
  if (f.demographicIds) where.addFragment(linked(t.demographics('s'), f.demographicIds));
  if (f.optOuts !== null) where.add(f.optOuts ? 's.opted_out_at IS NOT NULL' : 's.opted_out_at IS NULL');
  if (f.consented !== null) where.add(f.consented ? 's.consented_at IS NOT NULL' : 's.consented_at IS NULL');
  if (f.hasAccount !== null) where.add('s.has_account = ?', f.hasAccount ? 1 : 0);
  if (f.canEmail !== null) where.addFragment(yesNo(f.canEmail, canEmail('s', today)));
  if (f.canCall !== null) where.addFragment(yesNo(f.canCall, canCall('s', today)));
  if (f.createdAfter !== null) where.add(`${t.createdAt('s')} >= ?`, f.createdAfter);
  if (f.createdBefore !== null) where.add(`${t.createdAt('s')} < ?`, f.createdBefore);
  if (f.age) where.addFragment(ageBetween('s', today, f.age.unit, f.age.min, f.age.max));
  if (f.participated) {
    const { yes, after, before } = f.participated;
    const { source, date } = t.participations('s');
    const window: Fragment[] = [];
    if (after !== null) window.push([`${date} >= ?`, [after]]);
    if (before !== null) window.push([`${date} < ?`, [before]]);
    where.addFragment(yesNo(yes, exists(source, ...window)));
  }
  if (f.adultWithMinor) {
    const { unit, min, max, demographicIds } = f.adultWithMinor;
    const minor: Fragment[] = [isMinor('m', today), ageBetween('m', today, unit, min, max)];
    if (demographicIds) minor.push(linked(t.demographics('m'), demographicIds));
    const [minorSql, minorParams] = and(...minor);
    where.addFragment(not(isMinor('s', today)));
    // Archived children are no longer followed, so they do not make anyone a parent here.
    where.add(
      `EXISTS (SELECT 1 FROM ${t.subjects} m WHERE ${t.household('m')} = ${t.household('s')} AND ${t.rowid('m')} <> ${t.rowid('s')} AND ${t.live('m')} AND m.archived_at IS NULL AND ${minorSql})`,
      ...minorParams,
    );
  }
}

/** `EXISTS (SELECT 1 FROM <source> AND <conditions>)`; `source` is a constant with its WHERE. */
function exists(source: string, ...conditions: Fragment[]): Fragment {
  const [sql, params] = conditions.length ? and(...conditions) : ['1', []];
  return [`EXISTS (SELECT 1 FROM ${source} AND ${sql})`, params];
}

/** Holds at least one of `ids` in a linked list (demographics, locations). */
function linked({ source, column }: { source: string; column: string }, ids: readonly number[]): Fragment {
  return exists(source, inList(column, ids));
}
