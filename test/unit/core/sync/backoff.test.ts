import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { backoffCeiling, backoffDelay, DEFAULT_BACKOFF, parseHttpDate, parseRetryAfter } from '../../../../src/core/sync/backoff';

const policy = { baseMs: 100, capMs: 10_000 };
const almostOne = () => 0.999_999_999;

describe('backoffCeiling', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([0, 1, 2, 3, 6, 7, 20].map((n) => backoffCeiling(n, policy))).toEqual([100, 200, 400, 800, 6_400, 10_000, 10_000]);
  });

  it('treats huge, negative and non-number attempts safely', () => {
    expect(backoffCeiling(5_000, policy)).toBe(10_000);
    expect(backoffCeiling(-3, policy)).toBe(100);
    expect(backoffCeiling(Number.NaN, policy)).toBe(100);
    expect(backoffCeiling(Number.POSITIVE_INFINITY, policy)).toBe(100);
  });
});

describe('backoffDelay', () => {
  it('draws from the whole range [0, ceiling) with the injected random source', () => {
    expect(backoffDelay({ attempt: 3, policy, random: () => 0 })).toBe(0);
    expect(backoffDelay({ attempt: 3, policy, random: () => 0.5 })).toBe(400);
    expect(backoffDelay({ attempt: 3, policy, random: almostOne })).toBe(799);
  });

  it('stays within [0, min(cap, base·2^attempt)] for every attempt and draw', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, r) => {
        const delay = backoffDelay({ attempt, policy, random: () => r });
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(Math.min(policy.capMs, policy.baseMs * 2 ** attempt));
        expect(Number.isInteger(delay)).toBe(true);
      }),
    );
  });

  it('grows with the attempt until the cap', () => {
    const top = (attempt: number) => backoffDelay({ attempt, policy, random: almostOne });
    expect(top(1)).toBeGreaterThan(top(0));
    expect(top(5)).toBeGreaterThan(top(4));
    expect(top(7)).toBe(top(30));
    expect(top(30)).toBeLessThan(policy.capMs);
  });

  it('never waits less than a Retry-After, even when it is above the cap', () => {
    expect(backoffDelay({ attempt: 0, policy, random: () => 0, retryAfterMs: 3_000 })).toBe(3_000);
    expect(backoffDelay({ attempt: 0, policy, random: () => 0, retryAfterMs: 60_000 })).toBe(60_000);
    // The jitter may land above the Retry-After: then the jitter stands.
    expect(backoffDelay({ attempt: 10, policy, random: () => 0.5, retryAfterMs: 1_000 })).toBe(5_000);
    expect(backoffDelay({ attempt: 0, policy, random: () => 0, retryAfterMs: 0.2 })).toBe(1);
  });

  it('ignores an absent or nonsensical Retry-After', () => {
    for (const retryAfterMs of [null, undefined, -5, Number.NaN]) {
      expect(backoffDelay({ attempt: 0, policy, random: () => 0, retryAfterMs })).toBe(0);
    }
  });

  it('survives a broken random source', () => {
    expect(backoffDelay({ attempt: 2, policy, random: () => Number.NaN })).toBe(0);
    expect(backoffDelay({ attempt: 2, policy, random: () => 7 })).toBe(400);
    expect(backoffDelay({ attempt: 2, policy, random: () => -1 })).toBe(0);
  });

  it('defaults to a one-second base and a five-minute cap', () => {
    expect(backoffDelay({ attempt: 0, random: almostOne })).toBe(DEFAULT_BACKOFF.baseMs - 1);
    expect(backoffDelay({ attempt: 40, random: almostOne })).toBe(DEFAULT_BACKOFF.capMs - 1);
    expect(DEFAULT_BACKOFF).toEqual({ baseMs: 1_000, capMs: 300_000 });
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-06-15T12:00:00Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('007', now)).toBe(7_000);
    expect(parseRetryAfter(['5'], now)).toBe(5_000);
  });

  it('reads the three HTTP-date forms relative to now', () => {
    expect(parseRetryAfter('Sun, 15 Jun 2025 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sunday, 15-Jun-25 12:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Sun Jun 15 12:00:10 2025', now)).toBe(10_000);
    expect(parseRetryAfter('Sun Jun  1 12:00:00 2025', now)).toBe(0);
    expect(parseRetryAfter('sun, 15 jun 2025 12:00:05 gmt', now)).toBe(5_000);
    expect(parseRetryAfter('Sun, 15 Jun 2025 12:00:05 GMT', new Date(now))).toBe(5_000);
  });

  it('answers 0 for a date in the past', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', now)).toBe(0);
  });

  it.each([
    [''],
    ['   '],
    ['soon'],
    ['-5'],
    ['1.5'],
    ['1e3'],
    ['0x10'],
    ['120 seconds'],
    ['Sun, 31 Feb 2025 12:00:00 GMT'],
    ['Sun, 15 Jun 2025 25:00:00 GMT'],
    ['Sun, 15 Jun 2025 12:00:00 CEST'],
    ['2025-06-15T12:00:30Z'],
    ['15 Jun 2025 12:00:30'],
    ['x 12'],
    ['99999999999999999999'],
  ])('answers undefined for garbage %j', (text) => {
    expect(parseRetryAfter(text, now)).toBeUndefined();
  });

  it('answers undefined for no header and for repeated headers', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter([], now)).toBeUndefined();
    expect(parseRetryAfter(['5', '10'], now)).toBeUndefined();
  });

  it('places two-digit RFC 850 years within 50 years of now', () => {
    expect(parseHttpDate('Monday, 01-Jan-74 00:00:00 GMT', now)).toBe(Date.UTC(2074, 0, 1));
    expect(parseHttpDate('Monday, 01-Jan-94 00:00:00 GMT', now)).toBe(Date.UTC(1994, 0, 1));
  });

  it('never throws and never answers a negative or non-finite wait', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 4_000_000_000_000 }), (text, at) => {
        const ms = parseRetryAfter(text, at);
        if (ms !== undefined) {
          expect(Number.isFinite(ms)).toBe(true);
          expect(ms).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});
