import type { DemographicEntryInput, ParsedDemographic } from '../contract/imports';
import { nameKey, type Catalog } from './catalog';
import { textOf } from './text';

export interface ResolvedDemographics {
  demographics: ParsedDemographic[];
  demographicIds: number[];
  valid: boolean;
}

/**
 * The category key, demographic key and exclusivity of each distinct entry held so far in
 * the current call, for the exclusivity and repeat rules. Participants carry a handful of
 * entries and this runs once per row, so a scan of reused arrays beats allocating a map
 * (or even small arrays) per row.
 */
const heldCategory: string[] = [];
const heldDemographic: string[] = [];
const heldExclusive: boolean[] = [];
/** With many entries: the previous held entry of the same category, or -1. */
const previousOfCategory: number[] = [];
/**
 * The entries resolved so far in the current call. Each result is copied out at its exact
 * length: arrays grown by push keep room for 17 elements, and a parse holds two such lists
 * per participant alive until it ends, so the garbage collector copied (and the caller kept)
 * several times the bytes the entries need.
 */
const outDemographics: ParsedDemographic[] = [];
const outIds: number[] = [];
const SCAN_LIMIT = 16;

/** Fresh lists each time: parsed participants are handed on and may be edited row by row. */
const none = (): ResolvedDemographics => ({ demographics: [], demographicIds: [], valid: true });

/**
 * Whether two participants' demographic entries resolve alike under any one catalog: the same
 * entries, each with the same names and exclusivity (all resolveDemographics reads of them).
 * Resolving costs more than the rest of a parse together, and an edit of another column keeps
 * the entries as they were.
 */
export function sameEntries(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x: unknown = a[i];
    const y: unknown = b[i];
    if (x === y) continue;
    if (typeof x !== 'object' || x === null || typeof y !== 'object' || y === null) return false;
    const e = x as Partial<DemographicEntryInput>;
    const f = y as Partial<DemographicEntryInput>;
    if (e.demographic_category_name !== f.demographic_category_name || e.demographic_name !== f.demographic_name || e.exclusive !== f.exclusive) return false;
  }
  return true;
}

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

  let valid = true;
  let held = 0;
  let kept = 0;
  let ids = 0;
  // A survey export can bring hundreds of demographic columns: past a handful of entries,
  // each category's entries are chained so the rules stay linear.
  const byCategory = entries.length > SCAN_LIMIT ? new Map<string, number>() : null;

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

    // Any entry that calls the category exclusive makes it so, whatever the order of entries.
    let repeat = false;
    let others = false;
    let exclusiveCategory = exclusive;
    const lastOfCategory = byCategory ? (byCategory.get(categoryKey) ?? -1) : held - 1;
    for (let k = lastOfCategory; k >= 0; k = byCategory ? previousOfCategory[k] : k - 1) {
      if (heldCategory[k] !== categoryKey) continue;
      if (heldDemographic[k] === demographicKey) repeat = true;
      else others = true;
      if (exclusive) heldExclusive[k] = true;
      else if (heldExclusive[k]) exclusiveCategory = true;
    }
    if (exclusiveCategory && others) valid = false;
    if (repeat) continue; // the same demographic twice is kept once
    heldCategory[held] = categoryKey;
    heldDemographic[held] = demographicKey;
    heldExclusive[held] = exclusiveCategory;
    if (byCategory) {
      previousOfCategory[held] = lastOfCategory;
      byCategory.set(categoryKey, held);
    }
    held++;

    outDemographics[kept++] = {
      exclusive,
      demographic_name: demographic?.name ?? demographicName,
      demographic_category_name: category?.name ?? categoryName,
      demographic_category_id: category?.id ?? null,
      demographic_id: demographic?.id ?? null,
    };
    if (demographic) outIds[ids++] = demographic.id;
  }
  const result = { demographics: outDemographics.slice(0, kept), demographicIds: outIds.slice(0, ids), valid };
  // The copies hold the entries now: the scratch lists must not keep them alive.
  outDemographics.fill(undefined as never, 0, kept);
  return result;
}
