/**
 * Demographic values matched to the event's catalog, for the engine's demographics
 * extension point: `demographics:<category>` suggestions wherever the catalog is known. A
 * value the service already matches (any case) needs none; one that would need a guess
 * gets none. A choice the person made before for this event wins over the table.
 */
import { nameKey, type CatalogCategory } from '../participants/catalog';
import { reason, type SuggestionReason } from './reason-words';
import type { DemographicSuggester, Finding } from './types';
import { CategoryMatcher, type MatchHow } from './value-match';

export interface CatalogValues {
  name: string;
  values: readonly string[];
}

/** A value of a category mapped to a catalog value by the person, remembered per event. */
export interface RememberedValue {
  category: string;
  value: string;
  target: string;
}

/** The mirror's catalog (ids and all) as the names the matcher reads. */
export const catalogValuesOf = (categories: readonly CatalogCategory[]): CatalogValues[] => categories.map((c) => ({ name: c.name, values: c.demographics.map((d) => d.name) }));

export function matchReason(how: MatchHow | 'remembered', category: string, to: string): SuggestionReason {
  const code = how === 'remembered' ? 'demographic_remembered' : how === 'range' ? 'demographic_range' : how === 'word' ? 'demographic_word' : 'demographic_same';
  return reason(code, { category, to });
}

const valueKey = (category: string, value: string) => `${nameKey(category)}\u0000${nameKey(value)}`;

/** A suggester over the event's catalog (and the person's remembered choices), caching each category's matcher and each value's answer. */
export function catalogSuggester(catalog: readonly CatalogValues[], remembered: readonly RememberedValue[] = []): DemographicSuggester {
  const categories = new Map(catalog.map((c) => [nameKey(c.name), c]));
  const matchers = new Map<string, CategoryMatcher>();
  const chosen = new Map(remembered.map((r) => [valueKey(r.category, r.value), r.target]));
  const answers = new Map<string, Finding | null>();
  return (category, value) => {
    const key = valueKey(category, value);
    const cached = answers.get(`${key}\u0000${value}`);
    if (cached !== undefined) return cached;
    const entry = categories.get(nameKey(category));
    let finding: Finding | null = null;
    if (entry) {
      let matcher = matchers.get(nameKey(category));
      if (!matcher) matchers.set(nameKey(category), (matcher = new CategoryMatcher(entry.name, entry.values)));
      const target = chosen.get(key);
      const match = matcher.match(value);
      if (match?.how === 'same') finding = null;
      else if (target !== undefined && matcher.values.includes(target)) finding = { to: [target], sure: true, kind: 'demographic', reason: matchReason('remembered', entry.name, target) };
      else if (match) finding = { to: [match.to], sure: true, kind: 'demographic', reason: matchReason(match.how, entry.name, match.to) };
    }
    answers.set(`${key}\u0000${value}`, finding);
    return finding;
  };
}
