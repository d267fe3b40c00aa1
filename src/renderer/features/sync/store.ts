import { defineStore } from 'pinia';
import { ref, shallowRef, toRef } from 'vue';
import type { OutboxItem, SyncStatus } from '../../../core/contract/app-api';
import { useClient } from '../../api';
import { useAction } from '../../composables/action';

/** The status indicator's state, the panel's list, and whether the panel is open. */
export const useSyncStore = defineStore('sync', () => {
  const api = useClient();
  const status = ref<SyncStatus | null>(null);
  const items = shallowRef<OutboxItem[]>([]);
  const panelOpen = ref(false);
  /** The running sync's latest progress (subjects pulled so far), cleared when it ends. */
  const progress = ref<{ done: number; total: number | null } | null>(null);
  /** What the person discarded while the panel was open: it never reaches the service, and the panel says so. */
  const discarded = ref<string[]>([]);

  async function refresh() {
    status.value = await api['sync.status']();
    if (panelOpen.value) items.value = await api['sync.items']();
  }

  /** A change to the queue asked for in the panel: the status it answers, then the list again. */
  const acting = useAction(async (work: () => Promise<SyncStatus>) => {
    status.value = await work();
    items.value = await api['sync.items']();
    return true;
  });
  const act = acting.run;

  return {
    status,
    items,
    panelOpen,
    error: toRef(acting, 'error'),
    busy: toRef(acting, 'busy'),
    refresh,
    progress,
    setStatus(next: SyncStatus) {
      status.value = next;
      if (!next.syncing) progress.value = null;
    },
    setProgress: (done: number, total: number | null) => (progress.value = { done, total }),
    discarded,
    async open() {
      panelOpen.value = true;
      discarded.value = [];
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
    async discard(id: number) {
      const title = items.value.find((item) => item.id === id)?.title;
      const done = await act(() => api['sync.discard'](id));
      if (done === true && title) discarded.value = [...discarded.value, title];
    },
  };
});
