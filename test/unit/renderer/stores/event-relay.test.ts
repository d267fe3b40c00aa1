import { describe, expect, it } from 'vitest';
import { relayEvents, type Whereabouts } from '../../../../src/renderer/event-relay';
import { useAccountsStore } from '../../../../src/renderer/features/accounts/store';
import { useEventsStore } from '../../../../src/renderer/features/events/store';
import { useSyncStore } from '../../../../src/renderer/features/sync/store';
import { usePushStore } from '../../../../src/renderer/features/workspace/push-store';
import { accountsView, eventDetail, syncStatus } from '../../../support/contract-values';
import { fakeClient, settle, storesWith } from '../../../support/fake-client';

/** The relay as the app starts it: in the shell's setup, inside the app that provides the client. */
function relayed(where: Whereabouts = { name: 'events', params: {} }) {
  const fake = fakeClient({
    'accounts.list': async () => accountsView({ activeId: null }),
    'events.show': async (id) => eventDetail({ event: { externalEventId: id, name: null, linked: false, imports: 0, drafts: 0, addedAt: 1 } }),
    'sync.status': async () => syncStatus({ pending: 4 }),
    'sync.items': async () => [],
  });
  const { app } = storesWith(fake.client);
  const stop = app.runWithContext(() => relayEvents(where));
  return { ...fake, stop };
}

describe('the one listener of the main side’s events', () => {
  it('is the only subscriber, and stops listening when asked', () => {
    const { listeners, stop } = relayed();
    expect(listeners()).toBe(1);
    stop();
    expect(listeners()).toBe(0);
  });

  it('hands the sync status, the pull’s progress and the push’s progress to their stores', () => {
    const { emit } = relayed();
    emit({ type: 'sync.status', status: syncStatus({ syncing: true, pending: 2 }) });
    emit({ type: 'progress', task: 'pull', done: 5, total: 50 });
    expect(useSyncStore().status?.pending).toBe(2);
    expect(useSyncStore().progress).toEqual({ done: 5, total: 50 });
    expect(usePushStore().progress).toBeNull();
    emit({ type: 'progress', task: 'push', done: 1, total: 3 });
    expect(usePushStore().progress).toEqual({ done: 1, total: 3 });
  });

  it('opens the sync panel when the menu asks, reading the queue again', async () => {
    const { emit, calls } = relayed();
    emit({ type: 'command', command: 'open-sync' });
    expect(useSyncStore().panelOpen).toBe(true);
    await settle();
    expect(calls.map((c) => c.method)).toEqual(['sync.status', 'sync.items']);
  });

  it('has the screen that shows what changed read it again, and no other', async () => {
    const { emit, calls } = relayed({ name: 'event', params: { id: '4711' } });
    emit({ type: 'changed', what: 'events' });
    emit({ type: 'changed', what: 'accounts' });
    emit({ type: 'changed', what: 'subjects' });
    await settle();
    expect(calls.map((c) => [c.method, ...c.args])).toEqual([['events.show', 4711], ['accounts.list']]);
    expect(useEventsStore().detail?.event.externalEventId).toBe(4711);
    expect(useAccountsStore().view?.activeId).toBeNull();
  });
});
