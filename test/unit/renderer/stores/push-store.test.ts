import { describe, expect, it } from 'vitest';
import { usePushStore } from '../../../../src/renderer/features/workspace/push-store';
import { pushResult } from '../../../support/contract-values';
import { fakeClient, refusal, storesWith } from '../../../support/fake-client';

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
});
