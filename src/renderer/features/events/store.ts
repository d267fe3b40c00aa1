import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { AppApiArgs, EventDetail, EventList } from '../../../core/contract/app-api';
import { useClient } from '../../api';
import { messageOf } from '../../composables/failure';

/** The event list and the event that is open; both read from the mirror on the main side. */
export const useEventsStore = defineStore('events', () => {
  const api = useClient();
  const list = shallowRef<EventList | null>(null);
  const detail = shallowRef<EventDetail | null>(null);
  const error = ref('');

  async function guarded(work: () => Promise<void>) {
    error.value = '';
    try {
      await work();
    } catch (failure) {
      error.value = messageOf(failure);
    }
  }

  return {
    list,
    detail,
    error,
    loadList: () => guarded(async () => void (list.value = await api['events.list']())),
    loadDetail: (id: number) => guarded(async () => void (detail.value = await api['events.show'](id))),
    async add(externalEventId: number, name: string) {
      await api['events.add']({ externalEventId, ...(name.trim() ? { name: name.trim() } : {}) });
      list.value = await api['events.list']();
    },
    // A sheet for the event and its drafts: the screens ask, and show what failed themselves.
    chooseSheet: () => api['files.chooseSheet'](),
    inspectSheet: (choices: AppApiArgs<'drafts.inspect'>[0]) => api['drafts.inspect'](choices),
    openDraft: (choices: AppApiArgs<'drafts.open'>[0]) => api['drafts.open'](choices),
    renameDraft: (id: number, name: string) => api['drafts.rename'](id, name),
    deleteDraft: (id: number) => api['drafts.delete'](id),
  };
});
