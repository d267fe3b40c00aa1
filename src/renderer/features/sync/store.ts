import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { OutboxItem, SyncStatus } from '../../../core/contract/app-api';
import { api } from '../../api';

/** The status indicator's state, the panel's list, and whether the panel is open. */
export const useSyncStore = defineStore('sync', () => {
  const status = ref<SyncStatus | null>(null);
  const items = shallowRef<OutboxItem[]>([]);
  const panelOpen = ref(false);
  const error = ref('');
  const busy = ref(false);

  async function refresh() {
    status.value = await api['sync.status']();
    if (panelOpen.value) items.value = await api['sync.items']();
  }

  async function act(work: () => Promise<SyncStatus>) {
    busy.value = true;
    error.value = '';
    try {
      status.value = await work();
      items.value = await api['sync.items']();
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure);
    } finally {
      busy.value = false;
    }
  }

  return {
    status,
    items,
    panelOpen,
    error,
    busy,
    refresh,
    setStatus: (next: SyncStatus) => (status.value = next),
    async open() {
      panelOpen.value = true;
      await refresh();
    },
    close: () => (panelOpen.value = false),
    syncNow: () => act(() => api['sync.now']()),
    cancel: () => api['sync.cancel'](),
    retry: (id: number) => act(() => api['sync.retry'](id)),
    discard: (id: number) => act(() => api['sync.discard'](id)),
  };
});
