import { describe, expect, it } from 'vitest';
import { HeavyWorkQueue } from '../../../../src/server/export/heavy-work';

/** A piece of work that runs until released, recording when it started and ended. */
function gated(log: string[], name: string) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return {
    work: async () => {
      log.push(`start ${name}`);
      await gate;
      log.push(`end ${name}`);
      return name;
    },
    release: () => release(),
  };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('the heavy-work queue', () => {
  it('runs one export per company at a time, and another company’s beside it', async () => {
    const queue = new HeavyWorkQueue(2);
    const log: string[] = [];
    const a1 = gated(log, 'a1');
    const a2 = gated(log, 'a2');
    const b1 = gated(log, 'b1');
    const runs = [queue.run(1, a1.work), queue.run(1, a2.work), queue.run(2, b1.work)];
    await settle();
    // Company 1's second export waits behind its first; company 2's is not held up by it.
    expect(log).toEqual(['start a1', 'start b1']);
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
    a1.release();
    await settle();
    await settle();
    expect(log).toEqual(['start a1', 'start b1', 'end a1', 'start a2']);
    a2.release();
    b1.release();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'b1']);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('never runs more than its limit at once, and frees the turn when the work fails', async () => {
    const queue = new HeavyWorkQueue(1);
    const log: string[] = [];
    const failing = queue.run(1, async () => {
      log.push('fails');
      throw new Error('disk full');
    });
    const next = queue.run(2, async () => void log.push('runs after'));
    await expect(failing).rejects.toThrow('disk full');
    await next;
    expect(log).toEqual(['fails', 'runs after']);
  });
});
