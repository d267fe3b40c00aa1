import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { ImportChangeResult, ImportReview } from '../../../core/contract/app-api';
import type { ImportFlags } from '../../../core/contract/import-flags';
import { reviewRowsOf, reviewRowsShown, type ReviewRow } from '../../../core/drafts/review-rows';
import type { ProblemGroup } from '../../../core/drafts/problem-groups';
import { useClient } from '../../api';
import { useAction } from '../../composables/action';
import { handOn } from '../../composables/saved-file';

/**
 * The import open on its review screen: the service's parse as read-only rows with their
 * problem groups, its actions, and the changes asked for here (an action, the destroy, the
 * document) with their answers and the action's progress.
 */
export const useImportReviewStore = defineStore('importReview', () => {
  const api = useClient();
  const review = shallowRef<ImportReview | null>(null);
  const parsed = shallowRef<{ rows: ReviewRow[]; groups: ProblemGroup[] }>({ rows: [], groups: [] });
  const filter = ref<'all' | 'problems' | ProblemGroup>('all');
  const progress = ref<{ done: number; total: number | null } | null>(null);
  /** Set once the import is destroyed: the screen says so instead of showing it. */
  const destroyed = ref(false);

  const show = (next: ImportReview | null) => {
    review.value = next;
    parsed.value = reviewRowsOf(next?.parsed ?? [], next?.sheetRows ?? null);
  };
  const loading = useAction(async (id: number) => {
    const next = await api['imports.show'](id);
    show(next);
    return next;
  });
  const changed = (result: ImportChangeResult) => {
    if (result.review) show(result.review);
    else destroyed.value = true;
    progress.value = null;
    return result;
  };
  const acting = useAction(async (id: number, flags: ImportFlags) => changed(await api['imports.act'](id, { ...flags })));
  const destroying = useAction(async (id: number) => changed(await api['imports.destroy'](id)));
  const exporting = useAction(async (id: number) => handOn(await api['imports.export'](id)));
  /** A new list of the import's participants as the service read them; answers its draft's id. */
  const drafting = useAction(async (id: number) => (await api['imports.openAsDraft'](id)).draftId);

  return {
    review,
    parsed,
    filter,
    progress,
    destroyed,
    loading,
    acting,
    destroying,
    exporting,
    drafting,
    shown: computed(() => reviewRowsShown(parsed.value.rows, filter.value)),
    load(id: number) {
      if (review.value?.id !== id) {
        show(null);
        filter.value = 'all';
        destroyed.value = false;
        acting.clear();
        destroying.clear();
        exporting.clear();
        drafting.clear();
      }
      return loading.run(id);
    },
    /** The outbox moved (a sync sent a waiting change): read the import again, quietly. */
    async refresh() {
      const id = review.value?.id;
      if (id === undefined || loading.busy || acting.busy || destroying.busy) return;
      try {
        show(await api['imports.show'](id));
      } catch {
        // Gone or unreachable: the screen keeps what it last knew until the person reloads.
      }
    },
    setProgress: (done: number, total: number | null) => (progress.value = { done, total }),
  };
});
