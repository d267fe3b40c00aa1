import { computed, ref } from 'vue';
import type { WorkspaceRow } from '../../../core/contract/app-api';
import { inGroup, type ProblemGroup } from '../../../core/drafts/problem-groups';

/**
 * A kind of problem or warning picked in the problems panel: the grid shows only its rows,
 * and F8 walks them, until the person shows all rows again.
 */
export function useGroupFilter(rows: () => WorkspaceRow[]) {
  const group = ref<ProblemGroup | null>(null);
  const only = computed(() => {
    const picked = group.value;
    return picked ? (row: WorkspaceRow) => inGroup(row, picked) : null;
  });
  return {
    group,
    only,
    /** The rows the grid shows under the picked group, or null when none is picked. */
    shown: () => (only.value ? rows().filter(only.value) : null),
    pick: (next: ProblemGroup | null) => void (group.value = next),
  };
}
