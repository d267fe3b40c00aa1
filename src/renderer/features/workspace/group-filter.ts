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

const sameGroup = (a: ProblemGroup, b: ProblemGroup) => a.level === b.level && a.kind === b.kind && a.field === b.field && a.rows === b.rows;

/**
 * The draft's groups, the same array while they stay the same: every edit answers the draft
 * anew, and the problems panel is drawn again for a new one.
 */
export function useSteadyGroups(groups: () => ProblemGroup[] | undefined) {
  let last: ProblemGroup[] = [];
  return computed(() => {
    const next = groups() ?? [];
    if (next.length !== last.length || next.some((g, i) => !sameGroup(g, last[i]))) last = next;
    return last;
  });
}
