/**
 * The demographic catalog of the open draft's event, for a grid column per category edited
 * with its values. Asked for when a draft is opened; until it is known the grid waits (a
 * few milliseconds), so its columns do not change under the person's first keystrokes.
 */
import { defineStore } from 'pinia';
import { computed, shallowRef, watch } from 'vue';
import type { DraftCatalog } from '../../../core/contract/app-api';
import { api } from '../../api';
import { useWorkspaceStore } from './store';

export const useDraftCatalogStore = defineStore('draftCatalog', () => {
  const workspace = useWorkspaceStore();
  const known = shallowRef<{ draftId: number; categories: DraftCatalog['categories'] } | null>(null);
  let asked = 0;
  watch(
    () => workspace.draft?.id ?? null,
    async (draftId) => {
      const mine = ++asked;
      if (draftId === null || known.value?.draftId === draftId) return;
      known.value = null;
      let categories: DraftCatalog['categories'] = [];
      try {
        categories = (await api['drafts.catalog'](draftId)).categories;
      } catch {
        // Without the catalog the demographics stay one text column, as for an event with none.
      }
      if (mine === asked) known.value = { draftId, categories };
    },
    { immediate: true },
  );
  return {
    /** The catalog's categories once asked for (none known: empty), null while asking. */
    categories: computed(() => (known.value && known.value.draftId === workspace.draft?.id ? known.value.categories : null)),
  };
});
