/**
 * The grid's demographics as a column per category of the event's catalog (the catalog's
 * values offered as one types), or as one text column while no catalog is known for the
 * event. The draft's rows keep one demographics field: the grid's category cells are folded
 * into it (core/drafts/demographic-columns.ts), so edits, undo and the push are unchanged.
 */
import { computed } from 'vue';
import { useI18n } from 'vue-i18n';
import type { CellEdit, WorkspaceRow } from '../../../core/contract/app-api';
import { GRID_FIELDS, type GridField } from '../../../core/drafts/cells';
import { categoryIndexOf, categoryProp, foldDemographicCells, OTHER_PROP } from '../../../core/drafts/demographic-columns';
import type { PastedBlock, PastedColumns } from '../../../core/drafts/paste';
import { nameKey } from '../../../core/participants/catalog';
import { useDraftCatalogStore } from './catalog-store';
import type { GridModel } from './grid-models';

type Warning = WorkspaceRow['warnings'][number];

export function useDemographicGrid() {
  const { t } = useI18n();
  const catalog = useDraftCatalogStore();
  const categories = computed(() => catalog.categories ?? []);
  const names = computed(() => categories.value.map((c) => c.name));
  const keys = computed(() => new Set(names.value.map(nameKey)));

  /** The grid's columns after the row number, in order; "other" only while a row has such entries. */
  function props(models: readonly GridModel[]): string[] {
    if (names.value.length === 0) return [...GRID_FIELDS];
    const other = models.some((m) => m[OTHER_PROP] !== '') ? [OTHER_PROP] : [];
    return [...GRID_FIELDS.filter((f) => f !== 'demographics'), ...names.value.map((_, i) => categoryProp(i)), ...other];
  }

  /** A column's header, and for a category the values its editor offers. */
  function column(prop: string): { name: string; editor?: { category: string; choices: readonly string[] } } {
    const at = categoryIndexOf(prop);
    if (at === null) return { name: t(`workspace.columns.${prop}`) };
    if (at === 'other') return { name: t('workspace.columns.otherDemographics') };
    const category = categories.value[at];
    return { name: category?.name ?? '', editor: { category: category?.name ?? '', choices: category?.values ?? [] } };
  }

  /**
   * Cells typed into the grid as the draft's cell edits: one row's category cells become one
   * edit of its demographics, which its model takes at once, so a second category typed
   * before the first one's answer builds on it.
   */
  function edits(cells: readonly { model: GridModel; prop: string; value: string }[]): CellEdit[] {
    const models = new Map(cells.map((c) => [c.model.position, c.model]));
    const known = cells.filter((c) => (GRID_FIELDS as readonly string[]).includes(c.prop) || categoryIndexOf(c.prop) !== null);
    const folded = foldDemographicCells({ edits: known.map((c) => ({ position: c.model.position, field: c.prop, value: c.value })), rows: [] }, names.value, (p) => models.get(p)?.demographics ?? '');
    for (const edit of folded.edits) if (edit.field === 'demographics' && names.value.length > 0) models.get(edit.position)!.demographics = edit.value;
    return folded.edits;
  }

  /** A block pasted over the grid's columns, as the draft's cells. */
  const pasted = (block: PastedColumns<string>, textAt: (position: number) => string): PastedBlock => foldDemographicCells(block, names.value, textAt);

  /**
   * What a demographic cell shows as wrong: the row's demographic warnings of its category
   * (of no category of the catalog, for "other"), and whether the row's demographics are
   * invalid (marked where a value is). Null for a column that is not a category's.
   */
  function marks(prop: string, model: GridModel): { warnings: Warning[]; invalid: boolean } | null {
    const at = categoryIndexOf(prop);
    if (at === null) return null;
    const key = at === 'other' ? null : nameKey(names.value[at] ?? '');
    const ours = (w: Warning) => w.field === 'demographics' && (key === null ? !keys.value.has(nameKey(w.category ?? '')) : nameKey(w.category ?? '') === key);
    const value = model[prop as `demographic:${string}`] ?? '';
    return { warnings: model.warnings.filter(ours), invalid: value !== '' && model.invalid.includes('demographics' as GridField) };
  }

  return { ready: computed(() => catalog.categories !== null), names, known: computed(() => names.value.length > 0), props, column, edits, pasted, marks };
}
