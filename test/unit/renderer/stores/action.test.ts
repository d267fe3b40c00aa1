import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/core/contract/api-error';
import { useAction } from '../../../../src/renderer/composables/action';

/** A call the test ends by hand. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (failure: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

describe('an action’s busy, failure and answer', () => {
  it('is busy while its call runs, then keeps the answer', async () => {
    const call = pending<string>();
    const action = useAction(() => call.promise);
    const running = action.run();
    expect(action.busy).toBe(true);
    call.resolve('done');
    expect(await running).toBe('done');
    expect(action).toMatchObject({ busy: false, result: 'done', error: '' });
  });

  it('says a failure in the main side’s words and answers undefined', async () => {
    const action = useAction(() => Promise.reject(new ApiError('not_found', 'There is no event 12.')));
    expect(await action.run()).toBeUndefined();
    expect(action).toMatchObject({ busy: false, error: 'There is no event 12.' });
  });

  it('forgets the failure when it runs again', async () => {
    let fail = true;
    const action = useAction(async () => {
      if (fail) throw new Error('Offline.');
      return 1;
    });
    await action.run();
    fail = false;
    const again = action.run();
    expect(action.error).toBe('');
    await again;
    expect(action.result).toBe(1);
  });

  it('stays busy until the last of overlapping runs ends, keeps the latest answer and says an earlier failure', async () => {
    const first = pending<number>();
    const second = pending<number>();
    const calls = [first, second];
    const action = useAction(() => calls.shift()!.promise);
    const a = action.run();
    const b = action.run();
    second.resolve(2);
    await b;
    expect(action.busy).toBe(true);
    first.reject(new Error('The first edit was refused.'));
    await a;
    expect(action).toMatchObject({ busy: false, result: 2, error: 'The first edit was refused.' });
  });

  it('clears the answer and failure for a dialog opened again', async () => {
    const action = useAction(async () => 'sent');
    await action.run();
    action.clear();
    expect(action).toMatchObject({ result: null, error: '' });
  });
});
