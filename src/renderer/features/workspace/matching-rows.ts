import { shallowRef, watch, type ShallowRef } from 'vue';
import type { WorkspaceRow } from '../../../core/contract/app-api';

/**
 * Which places of the row list the last edit's answer replaced, from which list. Only the
 * last: each list kept with the one it came from would keep every list since the draft opened.
 */
let patch: { from: WorkspaceRow[]; next: WorkspaceRow[]; at: number[] } | null = null;

/** Says that `next` is `from` with the rows at `at` replaced (the store, after an edit's answer). */
export function notePatch(from: WorkspaceRow[], next: WorkspaceRow[], at: number[]): void {
  patch = { from, next, at };
}

/**
 * The places where `next` has other row objects than `previous`, or null when rows came or
 * went. Known at once for an edit's answer; anything else is compared row by row.
 */
export function changedPlaces(previous: WorkspaceRow[], next: WorkspaceRow[]): number[] | null {
  if (patch?.next === next && patch.from === previous) return patch.at;
  if (next.length !== previous.length) return null;
  const changed: number[] = [];
  for (let i = 0; i < next.length; i++) {
    if (next[i] === previous[i]) continue;
    if (next[i].position !== previous[i].position) return null;
    changed.push(i);
  }
  return changed;
}

/**
 * The rows that match a test, in order, kept in step with the store's rows without walking
 * all of them after every edit: an edit answers new objects for the rows it changed only,
 * so a changed row that stays in (or out of) the list is patched in place, and the list is
 * the same array when no listed row changed (whoever draws it is then not drawn again).
 * A row joining or leaving the list, rows added or removed, or a new test build it afresh.
 */
export function useMatchingRows(rows: () => WorkspaceRow[], test: () => (row: WorkspaceRow) => boolean): ShallowRef<WorkspaceRow[]> {
  const listed = shallowRef<WorkspaceRow[]>([]);
  /** Each listed row's place in `listed` by position. */
  let places = new Map<number, number>();
  const build = (all: WorkspaceRow[], matches: (row: WorkspaceRow) => boolean) => {
    const found: WorkspaceRow[] = [];
    places = new Map();
    for (const row of all) if (matches(row)) places.set(row.position, found.push(row) - 1);
    listed.value = found;
  };
  watch(
    [rows, test],
    ([next, matches], old) => {
      const [previous, previousTest] = old ?? [];
      const changed = matches === previousTest && previous ? changedPlaces(previous, next) : null;
      if (!changed) return build(next, matches);
      let patched: WorkspaceRow[] | null = null;
      for (const i of changed) {
        const row = next[i];
        const at = places.get(row.position);
        if ((at !== undefined) !== matches(row)) return build(next, matches);
        if (at !== undefined) (patched ??= listed.value.slice())[at] = row;
      }
      if (patched) listed.value = patched;
    },
    // At once, as a computed would be: F8 right after an edit walks the rows it answered.
    { immediate: true, flush: 'sync' },
  );
  return listed;
}
