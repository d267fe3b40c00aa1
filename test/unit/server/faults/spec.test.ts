import { describe, expect, it } from 'vitest';
import { FaultSpecError, parseFaultSpec } from '../../../../src/server/faults/spec';

describe('parseFaultSpec', () => {
  it('reads the example spec: probabilities, 429 seconds, a latency window and a fault at a request', () => {
    expect(parseFaultSpec('drop=0.05,503=0.05,429=0.05:2,latency=20-80,expire-token@40')).toEqual({
      random: [
        { fault: { kind: 'drop' }, p: 0.05 },
        { fault: { kind: '503' }, p: 0.05 },
        { fault: { kind: '429', retryAfter: 2 }, p: 0.05 },
      ],
      at: [{ n: 40, fault: { kind: 'expire-token' } }],
      latency: { p: 1, range: { min: 20, max: 80 } },
      latencyAt: [],
      oauth: false,
    });
  });

  it('reads the other forms: after-commit kinds, latency with a probability or at a request, oauth', () => {
    const spec = parseFaultSpec(' 503-after=0.1 , 502-after@3, 429@2, latency=0.5:10, latency@7:100-200, oauth');
    expect(spec.random).toEqual([{ fault: { kind: '503-after' }, p: 0.1 }]);
    expect(spec.at).toEqual([
      { n: 3, fault: { kind: '502-after' } },
      { n: 2, fault: { kind: '429', retryAfter: 1 } },
    ]);
    expect(spec.latency).toEqual({ p: 0.5, range: { min: 10, max: 10 } });
    expect(spec.latencyAt).toEqual([{ n: 7, range: { min: 100, max: 200 } }]);
    expect(spec.oauth).toBe(true);
  });

  it('takes "" and "none" as fault mode with nothing random', () => {
    for (const text of ['', 'none', '  ']) expect(parseFaultSpec(text)).toEqual({ random: [], at: [], latency: null, latencyAt: [], oauth: false });
  });

  it.each([
    ['boom=0.1', 'unknown fault kind "boom"'],
    ['drop=2', '"2" is not a probability between 0 and 1'],
    ['drop=-0.1', '"-0.1" is not a probability'],
    ['drop=abc', '"abc" is not a probability'],
    ['drop=0.6,503=0.5', 'add up to 1.1, more than 1'],
    ['drop=0.1,drop=0.2', 'drop is given twice'],
    ['drop@0', '"0" is not a request number'],
    ['drop@3,503@3', 'request 3 already has a fault'],
    ['drop=0.1:5', 'drop takes no ":" argument'],
    ['429=0.1:soon', '"soon" is not a number of seconds'],
    ['latency=80-20', 'runs backwards'],
    ['latency@4', 'latency needs milliseconds'],
    ['latency=fast', 'latency needs milliseconds'],
    ['drop=0.1,,503=0.1', 'an empty item'],
    ['drop', 'not understood'],
  ])('refuses %s with one line naming the item', (text, why) => {
    let error: unknown;
    try {
      parseFaultSpec(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FaultSpecError);
    const message = (error as Error).message;
    expect(message).toContain(why);
    expect(message).toMatch(/^fault "/);
    expect(message).not.toContain('\n');
  });
});
