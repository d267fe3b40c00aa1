import { describe, expect, it } from 'vitest';
import { useSubjectPickStore } from '../../../../src/renderer/features/subjects/pick-store';
import { useEventsStore } from '../../../../src/renderer/features/events/store';
import { fakeClient, storesWith } from '../../../support/fake-client';

const plan = { found: 3, adding: 3, repeats: [], flagged: [], unsent: [], questions: [] };

describe('the subjects picked for a list', () => {
  it('keeps picks across searches, picks a page at once, and is done with them once they are added', async () => {
    const fake = fakeClient({ 'lists.addSubjects': async () => ({ draftId: 7, plan }) });
    storesWith(fake.client);
    const pick = useSubjectPickStore();
    pick.toggle(4, true);
    pick.all([1, 2, 4], true);
    expect([...pick.picked].sort()).toEqual([1, 2, 4]);
    pick.all([2], false);
    expect(pick.count).toBe(2);
    const choice = { externalEventId: 4711, selection: { localIds: [...pick.picked] }, name: 'Campaign 1' };
    expect(await pick.add(choice)).toBe(7);
    expect(fake.calls.at(-1)).toEqual({ method: 'lists.addSubjects', args: [choice] });
    expect(pick.count).toBe(0);
  });

  it('asks for an empty list of an event and answers its draft id', async () => {
    const page = { draft: { id: 12, name: 'Walk-ins', externalEventId: 4711, state: 'editing' as const, rows: 0, invalidRows: 0, duplicateRows: 0, canUndo: false, canRedo: false, groups: [] }, matching: 0, rows: [] };
    const fake = fakeClient({ 'lists.new': async () => page });
    storesWith(fake.client);
    expect(await useEventsStore().newList(4711, 'Walk-ins')).toBe(12);
    expect(fake.calls).toEqual([{ method: 'lists.new', args: [{ externalEventId: 4711, name: 'Walk-ins' }] }]);
  });
});
