import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { OutboxItem, SyncStatus } from '../../../core/contract/app-api';
import { useClient } from '../../api';
import { messageOf } from '../../composables/failure';

/** The status indicator's state, the panel's list, and whether the panel is open. */
export const useSyncStore = defineStore('sync', () => {
  const api = useClient();
  const status = ref<SyncStatus | null>(null);
  const items = shallowRef<OutboxItem[]>([]);
  const panelOpen = ref(false);
  const error = ref('');
  const busy = ref(false);
  /** The running sync's latest progress (subjects pulled so far), cleared when it ends. */
  const progress = ref<{ done: number; total: number | null } | null>(null);

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
      error.value = messageOf(failure);
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
    progress,
    setStatus(next: SyncStatus) {
      status.value = next;
      if (!next.syncing) progress.value = null;
    },
    setProgress: (done: number, total: number | null) => (progress.value = { done, total }),
    async open() {
      panelOpen.value = true;
      await refresh();
    },
    close() {
      panelOpen.value = false;
      // Back where the person was: the indicator that opened the panel.
      queueMicrotask(() => document.querySelector<HTMLElement>('[data-testid="sync-status"]')?.focus());
    },
    syncNow: () => act(() => api['sync.now']()),
    cancel: () => api['sync.cancel'](),
    retry: (id: number) => act(() => api['sync.retry'](id)),
    discard: (id: number) => act(() => api['sync.discard'](id)),
  };
});
