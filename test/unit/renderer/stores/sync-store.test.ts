import { describe, expect, it } from 'vitest';
import { useSyncStore } from '../../../../src/renderer/features/sync/store';
import { outboxItem, syncStatus } from '../../../support/contract-values';
import { fakeClient, refusal, storesWith } from '../../../support/fake-client';

describe('the sync store', () => {
  it('retries a change: busy meanwhile, then the status and the list it answers', async () => {
    const fake = fakeClient({ 'sync.retry': async () => syncStatus({ pending: 1 }), 'sync.items': async () => [outboxItem({ state: 'pending' })] });
    storesWith(fake.client);
    const sync = useSyncStore();
    const retrying = sync.retry(1);
    expect(sync.busy).toBe(true);
    await retrying;
    expect(sync.busy).toBe(false);
    expect(sync.status?.pending).toBe(1);
    expect(sync.items.map((i) => i.state)).toEqual(['pending']);
  });

  it('says in words why a change could not be discarded', async () => {
    const { client } = fakeClient({ 'sync.discard': () => refusal('That change is being sent; it cannot be discarded now.', 'conflict') });
    storesWith(client);
    const sync = useSyncStore();
    await sync.discard(1);
    expect(sync.error).toBe('That change is being sent; it cannot be discarded now.');
    expect(sync.busy).toBe(false);
  });

  it('remembers what was discarded while the panel is open, so an empty list does not claim it was sent', async () => {
    let items = [outboxItem({ id: 3, title: 'Create the import for event 4711 (list.csv)' })];
    const fake = fakeClient({ 'sync.status': async () => syncStatus(), 'sync.items': async () => items, 'sync.discard': async () => ((items = []), syncStatus()) });
    storesWith(fake.client);
    const sync = useSyncStore();
    await sync.open();
    await sync.discard(3);
    expect(sync.items).toEqual([]);
    expect(sync.discarded).toEqual(['Create the import for event 4711 (list.csv)']);
    // Opened again later, the panel starts afresh.
    await sync.open();
    expect(sync.discarded).toEqual([]);
  });

  it('reads the list only while the panel is open', async () => {
    const fake = fakeClient({ 'sync.status': async () => syncStatus(), 'sync.items': async () => [outboxItem()] });
    storesWith(fake.client);
    const sync = useSyncStore();
    await sync.refresh();
    expect(fake.calls.map((c) => c.method)).toEqual(['sync.status']);
    await sync.open();
    expect(sync.items).toHaveLength(1);
  });

  it('forgets the pull’s progress once syncing stops', () => {
    const { client } = fakeClient({});
    storesWith(client);
    const sync = useSyncStore();
    sync.setProgress(10, 100);
    sync.setStatus(syncStatus({ syncing: true }));
    expect(sync.progress).toEqual({ done: 10, total: 100 });
    sync.setStatus(syncStatus({ syncing: false }));
    expect(sync.progress).toBeNull();
  });
});
