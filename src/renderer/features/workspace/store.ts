import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { CellEdit, WorkspaceRow, WorkspaceSummary } from '../../../core/contract/app-api';
import { api } from '../../api';

/**
 * The open draft as the grid shows it. Rows, problems and history live in the mirror on the
 * main side; after each edit the store reads the rows again, so the problems shown are
 * always the shared parser's.
 */
export const useWorkspaceStore = defineStore('workspace', () => {
  const draft = ref<WorkspaceSummary | null>(null);
  const rows = shallowRef<WorkspaceRow[]>([]);
  const error = ref('');
  const busy = ref(false);
  const problemRows = computed(() => rows.value.filter((r) => r.problems.length > 0));
  const editable = computed(() => draft.value?.state === 'editing' || draft.value?.state === 'failed');

  async function guarded(work: () => Promise<void>) {
    error.value = '';
    busy.value = true;
    try {
      await work();
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure);
    } finally {
      busy.value = false;
    }
  }

  async function reload(id: number) {
    const page = await api['drafts.page'](id, { limit: 200_000 });
    draft.value = page.draft;
    rows.value = page.rows;
  }

  return {
    draft,
    rows,
    error,
    busy,
    problemRows,
    editable,
    load: (id: number) => guarded(() => reload(id)),
    edit: (edits: CellEdit[]) =>
      guarded(async () => {
        if (!draft.value || edits.length === 0) return;
        await api['drafts.edit'](draft.value.id, edits);
        await reload(draft.value.id);
      }),
    undo: () => guarded(async () => void (draft.value && (await api['drafts.undo'](draft.value.id), await reload(draft.value.id)))),
    redo: () => guarded(async () => void (draft.value && (await api['drafts.redo'](draft.value.id), await reload(draft.value.id)))),
  };
});
