import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { CellEdit, GridField, WorkspaceChange, WorkspaceRow, WorkspaceSummary } from '../../../core/contract/app-api';
import { api } from '../../api';
import { markPainted } from '../../composables/marks';
import { messageOf } from '../../composables/failure';

/**
 * The open draft as the grid shows it. Rows, problems and history live in the mirror on the
 * main side; each edit answers the rows it changed (their cells and the shared parser's
 * problems), which replace the shown ones. A change that added or removed rows answers them
 * all.
 */
export const useWorkspaceStore = defineStore('workspace', () => {
  const draft = ref<WorkspaceSummary | null>(null);
  const rows = shallowRef<WorkspaceRow[]>([]);
  const error = ref('');
  const busy = ref(false);
  const problemRows = computed(() => rows.value.filter((r) => r.problems.length > 0));
  /** Each row's line in the sheet by position (null for rows added by hand); built when rows come or go, not on every edit. */
  const sheetRows = shallowRef(new Map<number, number | null>());
  const indexRows = () => (sheetRows.value = new Map(rows.value.map((r) => [r.position, r.sourceRow])));
  const editable = computed(() => draft.value?.state === 'editing' || draft.value?.state === 'failed');

  async function guarded(work: () => Promise<void>) {
    error.value = '';
    busy.value = true;
    try {
      await work();
    } catch (failure) {
      error.value = messageOf(failure);
    } finally {
      busy.value = false;
    }
  }

  function apply(change: WorkspaceChange) {
    draft.value = change.draft;
    if (change.rows.length === change.draft.rows && change.rows.length !== rows.value.length) {
      rows.value = change.rows;
      indexRows();
      return;
    }
    const byPosition = new Map(change.rows.map((r) => [r.position, r]));
    rows.value = rows.value.map((r) => byPosition.get(r.position) ?? r);
  }

  async function reload(id: number) {
    const page = await api['drafts.page'](id, { limit: 200_000 });
    draft.value = page.draft;
    rows.value = page.rows;
    indexRows();
  }

  return {
    draft,
    rows,
    error,
    busy,
    problemRows,
    sheetRows,
    editable,
    load: (id: number) => guarded(() => reload(id)),
    edit: (edits: CellEdit[]) =>
      guarded(async () => {
        if (draft.value && edits.length > 0) apply(await api['drafts.edit'](draft.value.id, edits));
        void markPainted('muster:edit');
      }),
    resolveRepeat: (position: number, action: 'drop' | 'merge') => guarded(async () => void (draft.value && apply(await api['drafts.resolveRepeat'](draft.value.id, position, action)))),
    addRow: () => guarded(async () => void (draft.value && apply(await api['drafts.addRows'](draft.value.id, 1)))),
    /** New rows at the end holding these values (the part of a paste below the last row). */
    grow: (values: [GridField, string][][]) =>
      guarded(async () => {
        if (!draft.value || values.length === 0) return;
        apply(await api['drafts.addRows'](draft.value.id, values.length));
        const added = rows.value.slice(-values.length);
        const edits = values.flatMap((cells, i) => cells.map(([field, value]) => ({ position: added[i].position, field, value })));
        if (edits.length > 0) apply(await api['drafts.edit'](draft.value.id, edits));
      }),
    deleteRows: (positions: number[]) => guarded(async () => void (draft.value && positions.length > 0 && apply(await api['drafts.deleteRows'](draft.value.id, positions)))),
    async exportList(problemsOnly: boolean, format: 'xlsx' | 'csv' = 'xlsx'): Promise<string | null> {
      if (!draft.value) return null;
      let written: string | null = null;
      await guarded(async () => void (written = (await api['drafts.export'](draft.value!.id, { format, problemsOnly })).path));
      return written;
    },
    undo: () => guarded(async () => void (draft.value && apply(await api['drafts.undo'](draft.value.id)))),
    redo: () => guarded(async () => void (draft.value && apply(await api['drafts.redo'](draft.value.id)))),
  };
});
