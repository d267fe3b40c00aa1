/**
 * The subjects picked from the results to add to an event's list: kept while the search
 * changes, so people found by several searches can be gathered; cleared once added.
 */
import { defineStore } from 'pinia';
import { computed, shallowRef } from 'vue';
import type { AppApiArgs } from '../../../core/contract/app-api';
import { useClient } from '../../api';

type SubjectsChoice = AppApiArgs<'lists.planSubjects'>[0];

export const useSubjectPickStore = defineStore('subjectPick', () => {
  const api = useClient();
  const picked = shallowRef(new Set<number>());
  const set = (next: Set<number>) => (picked.value = next);
  return {
    picked,
    count: computed(() => picked.value.size),
    has: (localId: number) => picked.value.has(localId),
    toggle(localId: number, on: boolean) {
      const next = new Set(picked.value);
      if (on) next.add(localId);
      else next.delete(localId);
      set(next);
    },
    /** Every subject shown, picked or unpicked at once. */
    all(localIds: readonly number[], on: boolean) {
      const next = new Set(picked.value);
      for (const id of localIds) if (on) next.add(id);
      else next.delete(id);
      set(next);
    },
    clear: () => set(new Set()),
    events: async () => (await api['events.list']()).events,
    listsOf: (externalEventId: number) => api['lists.ofEvent'](externalEventId),
    plan: (choice: SubjectsChoice) => api['lists.planSubjects'](choice),
    /** Adds them as planned; the picks are done with once they are in a list. */
    async add(choice: SubjectsChoice) {
      const made = await api['lists.addSubjects'](choice);
      set(new Set());
      return made.draftId;
    },
  };
});
