import { describe, expect, it, vi } from 'vitest';
import { usePushStore } from '../../../../src/renderer/features/workspace/push-store';
import { pushResult, syncStatus } from '../../../support/contract-values';
import { fakeClient, refusal, settle, storesWith } from '../../../support/fake-client';
import { relayEvents } from '../../../../src/renderer/event-relay';

describe('the push store', () => {
  it('is sending while the push runs, then keeps the service’s answer', async () => {
    let answer!: () => void;
    const fake = fakeClient({ 'drafts.push': () => new Promise((resolve) => (answer = () => resolve(pushResult({ created: 5 })))) });
    storesWith(fake.client);
    const push = usePushStore();
    const sending = push.send(7, { skip_invalid: true });
    expect(push.request.busy).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    answer();
    expect(await sending).toMatchObject({ created: 5 });
    expect(push.request).toMatchObject({ busy: false, error: '', result: { state: 'pushed', created: 5 } });
    expect(fake.calls[0].args).toEqual([7, { skip_invalid: true }]);
  });

  it('says in words why the push could not start, and lets the person try again', async () => {
    const { client } = fakeClient({ 'drafts.push': () => refusal('The draft has rows that are still being read.', 'conflict') });
    storesWith(client);
    const push = usePushStore();
    expect(await push.send(7, {})).toBeUndefined();
    expect(push.request).toMatchObject({ busy: false, error: 'The draft has rows that are still being read.', result: null });
  });

  it('shows where a push on its way stands, and sends it on the person’s decision', async () => {
    const review = [{ row: 3, field: 'invalid_fields', offline: 'none', service: 'email' }];
    const { client } = fakeClient({
      'drafts.pushState': async () => pushResult({ state: 'pushing', review, actionStatus: null }),
      'drafts.decide': async (_id, decision) => pushResult({ state: decision === 'send' ? 'pushed' : 'editing' }),
    });
    storesWith(client);
    const push = usePushStore();
    await push.resume(7);
    expect(push.request.result?.review).toEqual(review);
    await push.decide(7, 'fix');
    expect(push.request.result?.state).toBe('editing');
  });

  it('opens its dialog again without the last answer, and forgets the progress for another draft', async () => {
    const { client } = fakeClient({ 'drafts.push': async () => pushResult() });
    storesWith(client);
    const push = usePushStore();
    await push.send(7, {});
    push.setProgress(3, 10);
    push.begin();
    expect(push.request.result).toBeNull();
    expect(push.progress).toEqual({ done: 3, total: 10 });
    push.forget();
    expect(push.progress).toBeNull();
  });

  it('follows a push left waiting for the service to its end as the outbox moves, reading a burst of changes once more, not once each', async () => {
    const waiting = pushResult({ state: 'pushing', review: null, actionStatus: null, created: null, error: 'Could not connect to the service (connection refused).' });
    let standing = waiting;
    const fake = fakeClient({
      'drafts.push': async () => waiting,
      'drafts.pushState': async () => standing,
      'sync.status': async () => syncStatus(),
      'sync.items': async () => [],
    });
    const { app } = storesWith(fake.client);
    app.runWithContext(() => relayEvents({ name: 'draft', params: { id: '7' } }));
    const push = usePushStore();
    await push.send(7, {});
    expect(push.request.result?.error).toContain('connection refused');

    standing = pushResult({ state: 'pushed', review: null, actionStatus: 'completed', created: 2, error: null });
    for (let i = 0; i < 5; i++) fake.emit({ type: 'changed', what: 'outbox' });
    await vi.waitFor(() => expect(push.request.result).toMatchObject({ state: 'pushed', actionStatus: 'completed', error: null }));
    await settle();
    const reads = fake.calls.filter((c) => c.method === 'drafts.pushState');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.length).toBeLessThanOrEqual(2);
    expect(reads.every((c) => c.args[0] === 7)).toBe(true);

    // Once the push has ended, nothing is read for it any more.
    fake.emit({ type: 'changed', what: 'outbox' });
    await settle();
    expect(fake.calls.filter((c) => c.method === 'drafts.pushState')).toHaveLength(reads.length);
  });
});
