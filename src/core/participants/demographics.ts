import type { DemographicEntryInput, ParsedDemographic } from '../contract/imports';
import { nameKey, type Catalog } from './catalog';
import { textOf } from './text';

export interface ResolvedDemographics {
  demographics: ParsedDemographic[];
  demographicIds: number[];
  valid: boolean;
}

/** Fresh lists each time: parsed participants are handed on and may be edited row by row. */
const none = (): ResolvedDemographics => ({ demographics: [], demographicIds: [], valid: true });

/**
 * Resolves a participant's demographic entries against the event's catalog. An entry
 * without a category or demographic name is invalid, and so is a second, different
 * demographic in an exclusive category (exclusive when the catalog or the entry says so).
 * Unknown names are not errors here: they resolve to null ids, and the import action
 * decides (save_missing_categories) whether they are created or left out.
 */
export function resolveDemographics(entries: unknown, catalog: Catalog): ResolvedDemographics {
  if (entries === undefined || entries === null) return none();
  if (!Array.isArray(entries)) return { demographics: [], demographicIds: [], valid: false };
  if (entries.length === 0) return none();

  const demographics: ParsedDemographic[] = [];
  const demographicIds: number[] = [];
  let valid = true;
  // Category key → demographic keys held and whether the category is exclusive, for the
  // exclusivity and repeat rules. Participants carry a handful of entries, so parallel
  // arrays beat a Map here (this runs once per row).
  const heldCategories: string[] = [];
  const heldDemographics: string[][] = [];
  const heldExclusive: boolean[] = [];

  for (const raw of entries as unknown[]) {
    if (typeof raw !== 'object' || raw === null) {
      valid = false;
      continue;
    }
    const entry = raw as Partial<DemographicEntryInput>;
    const categoryName = textOf(entry.demographic_category_name);
    const demographicName = textOf(entry.demographic_name);
    if (!categoryName || !demographicName) {
      valid = false;
      continue;
    }
    const categoryKey = nameKey(categoryName);
    const demographicKey = nameKey(demographicName);
    const category = catalog.get(categoryKey);
    const demographic = category?.demographics.get(demographicKey);
    const exclusive = entry.exclusive === true || category?.exclusive === true;

    let index = heldCategories.indexOf(categoryKey);
    if (index < 0) {
      index = heldCategories.push(categoryKey) - 1;
      heldDemographics.push([]);
      heldExclusive.push(false);
    }
    // Any entry that calls the category exclusive makes it so, whatever the order of entries.
    if (exclusive) heldExclusive[index] = true;
    const held = heldDemographics[index];
    const repeat = held.includes(demographicKey);
    if (!repeat) held.push(demographicKey);
    if (heldExclusive[index] && held.length > 1) valid = false;
    if (repeat) continue; // the same demographic twice is kept once

    demographics.push({
      exclusive,
      demographic_name: demographic?.name ?? demographicName,
      demographic_category_name: category?.name ?? categoryName,
      demographic_category_id: category?.id ?? null,
      demographic_id: demographic?.id ?? null,
    });
    if (demographic) demographicIds.push(demographic.id);
  }
  return { demographics, demographicIds, valid };
}
