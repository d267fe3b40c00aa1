/**
 * A draft's demographic values matched to the event's catalog, each value once. The
 * interface has no catalog endpoint: the catalog is what the mirror learned from the
 * service's parses of the event's imports (pull or push), so offline it is the last one
 * learned, with its age. The person's choices are remembered per event and category and
 * applied to the rows as one step of the draft's history.
 */
import type { ValueChoice, ValueMap, ValueMapApplied } from '../../core/contract/app-api';
import { demographicsText } from '../../core/drafts/cells';
import type { DemographicEntryInput } from '../../core/contract/imports';
import { nameKey, type CatalogCategory } from '../../core/participants/catalog';
import { CategoryMatcher, catalogSuggester, catalogValuesOf } from '../../core/suggestions';
import type { DemographicSuggester } from '../../core/suggestions';
import type { MirrorDb } from '../mirror/db';
import { catalogFor } from '../mirror/queries/imports/catalog';
import { draftById } from '../mirror/queries/drafts/drafts';
import { draftRows, type DraftRow } from '../mirror/queries/drafts/draft-rows';
import { catalogLearnedAt, rememberValueChoices, valueChoicesFor } from '../mirror/queries/drafts/value-choices';
import { withAccountMirror, type MirrorPlace } from './account-mirror';
import type { DraftSession } from './draft-session';
import { refusal } from './errors';

const text = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

function eventOf(db: MirrorDb, draftId: number): number {
  const draft = draftById(db, draftId);
  if (!draft) throw refusal('draft_gone', 'input', { draft: draftId });
  return draft.externalEventId;
}

interface Tally {
  name: Map<string, number>;
  values: Map<string, { count: number; spellings: Map<string, number> }>;
}

/** The spelling most rows use (the first seen on a tie). */
const mostUsed = (spellings: ReadonlyMap<string, number>) => [...spellings].reduce((best, next) => (next[1] > best[1] ? next : best))[0];

function tally(rows: readonly DraftRow[]): Map<string, Tally> {
  const categories = new Map<string, Tally>();
  for (const row of rows) {
    for (const entry of row.participant.demographics ?? []) {
      const category = text(entry.demographic_category_name).trim();
      const value = text(entry.demographic_name).trim();
      if (category === '' || value === '') continue;
      let t = categories.get(nameKey(category));
      if (!t) categories.set(nameKey(category), (t = { name: new Map(), values: new Map() }));
      t.name.set(category, (t.name.get(category) ?? 0) + 1);
      let v = t.values.get(nameKey(value));
      if (!v) t.values.set(nameKey(value), (v = { count: 0, spellings: new Map() }));
      v.count++;
      v.spellings.set(value, (v.spellings.get(value) ?? 0) + 1);
    }
  }
  return categories;
}

export function valueMapOf(place: MirrorPlace, draftId: number): ValueMap {
  return withAccountMirror(place, (db) => {
    const externalEventId = eventOf(db, draftId);
    const catalog = new Map(catalogFor(db, externalEventId).map((c) => [nameKey(c.name), c]));
    const chosen = new Map(valueChoicesFor(db, externalEventId).map((c) => [`${c.categoryKey}\u0000${c.valueKey}`, c]));
    const categories = [...tally(draftRows(db, draftId))].map(([key, t]) => {
      const entry = catalog.get(key);
      const catalogValues = entry?.demographics.map((d) => d.name) ?? [];
      const name = entry?.name ?? mostUsed(t.name);
      const matcher = new CategoryMatcher(name, catalogValues);
      const values = [...t.values].map(([valueKey, v]) => {
        const value = mostUsed(v.spellings);
        const match = entry ? matcher.match(value) : null;
        const remembered = chosen.get(`${key}\u0000${valueKey}`);
        // A remembered mapping to a value the catalog no longer has is not offered again.
        const usable = remembered && (remembered.choice !== 'map' || catalogValues.includes(remembered.target!)) ? remembered : null;
        return {
          value,
          count: v.count,
          known: match?.how === 'same',
          suggestion: match && match.how !== 'same' ? { to: match.to, how: match.how } : null,
          remembered: usable ? { choice: usable.choice, target: usable.target } : null,
        };
      });
      values.sort((a, b) => Number(a.known) - Number(b.known) || b.count - a.count || a.value.localeCompare(b.value));
      return { name, inCatalog: entry !== undefined, catalogValues, values };
    });
    return { externalEventId, catalogLearnedAt: catalogLearnedAt(db, externalEventId), categories };
  });
}

/**
 * The engine's demographics extension point for a draft of this event: `demographics:<category>`
 * suggestions from the catalog the mirror knows and the person's remembered matches; null
 * when the catalog is not known (there is nothing to match values to).
 */
export function demographicSuggesterFor(db: MirrorDb, externalEventId: number): DemographicSuggester | null {
  const catalog = catalogFor(db, externalEventId);
  if (catalog.length === 0) return null;
  const remembered = valueChoicesFor(db, externalEventId).flatMap((c) => (c.choice === 'map' && c.target ? [{ category: c.categoryKey, value: c.valueKey, target: c.target }] : []));
  return catalogSuggester(catalogValuesOf(catalog), remembered);
}

/** Refuses a choice the catalog cannot take, in a sentence. */
function checkChoice(choice: ValueChoice, catalog: ReadonlyMap<string, CatalogCategory>): void {
  if (choice.choice !== 'map') return;
  const category = catalog.get(nameKey(choice.category));
  if (!category) throw refusal('no_category', 'input', { category: choice.category, value: choice.value });
  if (!choice.target || !category.demographics.some((d) => d.name === choice.target)) {
    throw refusal('not_a_value', 'input', { target: choice.target ?? '', category: category.name });
  }
}

/** Each row's demographics with the choices made; only the rows that change. */
function editsOf(rows: readonly DraftRow[], choices: readonly ValueChoice[]): { position: number; field: 'demographics'; value: string }[] {
  const byKey = new Map(choices.map((c) => [`${nameKey(c.category)}\u0000${nameKey(c.value)}`, c]));
  const edits: { position: number; field: 'demographics'; value: string }[] = [];
  for (const row of rows) {
    let changed = false;
    const entries: DemographicEntryInput[] = [];
    for (const entry of row.participant.demographics ?? []) {
      const choice = byKey.get(`${nameKey(text(entry.demographic_category_name))}\u0000${nameKey(text(entry.demographic_name))}`);
      if (choice?.choice === 'clear') changed = true;
      else if (choice?.choice === 'map' && entry.demographic_name !== choice.target) {
        entries.push({ ...entry, demographic_name: choice.target! });
        changed = true;
      } else entries.push(entry);
    }
    if (changed) edits.push({ position: row.position, field: 'demographics', value: demographicsText(entries) });
  }
  return edits;
}

/**
 * Applies the choices to the open draft as one step of its history (nothing when no row
 * changes: a value left to be created stays as written), then remembers them for the event.
 */
export function applyValueChoices(place: MirrorPlace, session: DraftSession, draftId: number, choices: readonly ValueChoice[]): ValueMapApplied {
  const { externalEventId, edits } = withAccountMirror(place, (db) => {
    const externalEventId = eventOf(db, draftId);
    const catalog = new Map(catalogFor(db, externalEventId).map((c) => [nameKey(c.name), c]));
    for (const choice of choices) checkChoice(choice, catalog);
    return { externalEventId, edits: editsOf(draftRows(db, draftId), choices) };
  });
  const change = edits.length > 0 ? session.edit(edits, 'match values') : { draft: session.summary(), rows: [] };
  const remembered = withAccountMirror(place, (db) => rememberValueChoices(db, externalEventId, choices));
  return { change, rowsChanged: edits.length, remembered };
}
