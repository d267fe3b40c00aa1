import { defineStore } from 'pinia';
import { shallowRef, toRef } from 'vue';
import type { EventDetail, EventList } from '../../../core/contract/app-api';
import { useClient } from '../../api';
import { useAction } from '../../composables/action';

/** The event list and the event that is open; both read from the mirror on the main side. */
export const useEventsStore = defineStore('events', () => {
  const api = useClient();
  const list = shallowRef<EventList | null>(null);
  const detail = shallowRef<EventDetail | null>(null);
  const reading = useAction((work: () => Promise<void>) => work());
  const guarded = reading.run;

  return {
    list,
    detail,
    error: toRef(reading, 'error'),
    loadList: () => guarded(async () => void (list.value = await api['events.list']())),
    loadDetail: (id: number) => guarded(async () => void (detail.value = await api['events.show'](id))),
    async add(externalEventId: number, name: string) {
      await api['events.add']({ externalEventId, ...(name.trim() ? { name: name.trim() } : {}) });
      list.value = await api['events.list']();
    },
    // The event's drafts: the screens ask, and show what failed themselves.
    renameDraft: (id: number, name: string) => api['drafts.rename'](id, name),
    deleteDraft: (id: number) => api['drafts.delete'](id),
    /** An empty list of the event, typed into in the workspace; answers its draft id. */
    newList: async (externalEventId: number, name: string) => (await api['lists.new']({ externalEventId, name })).draft.id,
  };
});
