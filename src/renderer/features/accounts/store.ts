import { defineStore } from 'pinia';
import { computed, ref, toRef } from 'vue';
import type { AccountsView } from '../../../core/contract/app-api';
import { useClient } from '../../api';
import { useAction } from '../../composables/action';

/** The services the app knows and which one is in use; everything else waits for `load`. */
export const useAccountsStore = defineStore('accounts', () => {
  const api = useClient();
  const view = ref<AccountsView | null>(null);
  const reading = useAction(async () => void (view.value = await api['accounts.list']()));
  const active = computed(() => view.value?.accounts.find((a) => a.id === view.value?.activeId) ?? null);
  const hasAccount = computed(() => (view.value?.accounts.length ?? 0) > 0);

  async function apply(change: Promise<AccountsView>) {
    view.value = await change;
    return view.value;
  }
  return {
    view,
    /** Why the accounts could not be read (the main side is not answering, or refused the page). */
    error: toRef(reading, 'error'),
    active,
    hasAccount,
    load: () => reading.run(),
    /** Whether a service answers at that address with that token; nothing is kept. */
    test: (input: { serverUrl: string; token: string }) => api['accounts.test'](input),
    add: (input: { label?: string; serverUrl: string; token: string }) => apply(api['accounts.add'](input)),
    startDemo: () => apply(api['accounts.startDemo']()),
    activate: (id: string) => apply(api['accounts.activate'](id)),
    remove: (id: string) => apply(api['accounts.remove'](id)),
    replaceToken: (id: string, token: string) => apply(api['accounts.replaceToken'](id, token)),
  };
});
