import { describe, expect, it } from 'vitest';
import { useEventsStore } from '../../../../src/renderer/features/events/store';
import { eventDetail, eventList } from '../../../support/contract-values';
import { fakeClient, refusal, storesWith } from '../../../support/fake-client';

const summary = { externalEventId: 4711, name: 'Tasting', linked: true, imports: 0, drafts: 1, addedAt: 1 };

describe('the events store', () => {
  it('reads the list, and the list again after an event is added', async () => {
    const listed = [eventList(), eventList({ events: [summary] })];
    const fake = fakeClient({ 'events.list': async () => listed.shift()!, 'events.add': async () => summary });
    storesWith(fake.client);
    const events = useEventsStore();
    await events.loadList();
    expect(events.list?.events).toEqual([]);
    await events.add(4711, '  Tasting ');
    expect(events.list?.events.map((e) => e.name)).toEqual(['Tasting']);
    // The name as typed, trimmed; nothing when blank.
    expect(fake.calls.find((c) => c.method === 'events.add')?.args).toEqual([{ externalEventId: 4711, name: 'Tasting' }]);
  });

  it('says in words why an event could not be read', async () => {
    const { client } = fakeClient({ 'events.show': () => refusal('There is no event 12 on this computer.', 'not_found') });
    storesWith(client);
    const events = useEventsStore();
    await events.loadDetail(12);
    expect(events.error).toBe('There is no event 12 on this computer.');
    expect(events.detail).toBeNull();
  });

  it('keeps the event that was read', async () => {
    const { client } = fakeClient({ 'events.show': async (id) => eventDetail({ event: { ...summary, externalEventId: id } }) });
    storesWith(client);
    const events = useEventsStore();
    await events.loadDetail(4711);
    expect(events.detail?.event.externalEventId).toBe(4711);
    expect(events.error).toBe('');
  });
});
