/**
 * Demographic values a known catalog does not hold, as warnings a person can act on: the
 * service would add them to the event as new categories or demographics (a typo such as
 * `Weiblich` or `30-40` silently becoming a demographic), so the check names them with the
 * values the event does know.
 */
import type { ParsedParticipant } from '../contract/imports';
import type { Catalog } from '../participants/catalog';
import type { IntakeWarning } from './warning-words';

/** Warnings for the entries of one row whose category or demographic the catalog lacks. */
export function catalogWarnings(participant: ParsedParticipant, catalog: Catalog): IntakeWarning[] {
  const out: IntakeWarning[] = [];
  for (const entry of participant.demographics) {
    if (entry.demographic_id !== null) continue;
    const category = entry.demographic_category_id === null ? undefined : [...catalog.values()].find((c) => c.id === entry.demographic_category_id);
    if (!category) {
      out.push({ code: 'category_unknown_known', field: 'demographics', category: entry.demographic_category_name, known: [...catalog.values()].map((c) => c.name) });
    } else {
      out.push({ code: 'demographic_unknown_known', field: 'demographics', value: entry.demographic_name, category: category.name, known: [...category.demographics.values()].map((d) => d.name) });
    }
  }
  return out;
}

/** The distinct `Category: value` pairs of a check that the catalog lacks, in order of appearance. */
export function unknownDemographics(participants: readonly ParsedParticipant[]): string[] {
  const seen = new Set<string>();
  for (const p of participants) {
    for (const entry of p.demographics) if (entry.demographic_id === null) seen.add(`${entry.demographic_category_name}: ${entry.demographic_name}`);
  }
  return [...seen];
}
