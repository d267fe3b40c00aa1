/**
 * When the outbox tries a failed operation again: full-jitter exponential backoff
 * (`random(0, min(cap, base·2^attempt))`, which spreads many clients coming back online at
 * once), never sooner than a `Retry-After` the service gave.
 */

export interface BackoffPolicy {
  /** The ceiling of the first retry's delay. */
  baseMs: number;
  /** No computed delay exceeds this; a Retry-After may. */
  capMs: number;
}

export const DEFAULT_BACKOFF: Readonly<BackoffPolicy> = Object.freeze({ baseMs: 1_000, capMs: 5 * 60_000 });

/** A number in [0, 1), like Math.random; injected so tests can pin the jitter. */
export type RandomSource = () => number;

export interface BackoffInput {
  /** Failed attempts before this one, counting from 0 (the first retry). */
  attempt: number;
  /** The service's Retry-After in ms, when it sent one: the delay is at least this. */
  retryAfterMs?: number | null;
  policy?: BackoffPolicy;
  random?: RandomSource;
}

/** The ceiling the jitter is drawn under for an attempt: min(cap, base·2^attempt). */
export function backoffCeiling(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const n = Number.isFinite(attempt) && attempt > 0 ? Math.floor(attempt) : 0;
  // 2^1100 is Infinity; min() then yields the cap, so large attempt counts are safe.
  return Math.max(0, Math.min(policy.capMs, policy.baseMs * 2 ** n));
}

/** Milliseconds to wait before the next attempt. */
export function backoffDelay(input: BackoffInput): number {
  const random = input.random ?? Math.random;
  const draw = random();
  // A broken source must not turn into NaN or a negative wait.
  const fraction = Number.isFinite(draw) ? Math.min(Math.max(draw, 0), 1) : 0;
  const jittered = Math.floor(fraction * backoffCeiling(input.attempt, input.policy));
  const floor = input.retryAfterMs != null && Number.isFinite(input.retryAfterMs) && input.retryAfterMs > 0 ? Math.ceil(input.retryAfterMs) : 0;
  return Math.max(jittered, floor);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY = '(?:mon|tue|wed|thu|fri|sat|sun)';
const LONG_DAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)';
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
// The three HTTP-date forms of RFC 9110 §5.6.7: IMF-fixdate, RFC 850 and asctime.
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`, 'i');
const RFC850 = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`, 'i');
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`, 'i');

function utc(year: number, month: string, day: number, h: string, m: string, s: string): number | undefined {
  const monthIndex = MONTHS.indexOf(month.toLowerCase());
  const [hours, minutes, seconds] = [Number(h), Number(m), Number(s)];
  if (day < 1 || day > 31 || hours > 23 || minutes > 59 || seconds > 60) return undefined;
  const time = Date.UTC(year, monthIndex, day, hours, minutes, Math.min(seconds, 59));
  // Date.UTC rolls 31 February over into March; such a date is garbage, not a date.
  return new Date(time).getUTCDate() === day ? time : undefined;
}

/** An HTTP-date as epoch milliseconds, or undefined when the text is not one. `now` places
 *  the two-digit years of the RFC 850 form. */
export function parseHttpDate(text: string, now: number): number | undefined {
  let match = IMF_FIXDATE.exec(text);
  if (match) return utc(Number(match[3]), match[2], Number(match[1]), match[4], match[5], match[6]);
  match = RFC850.exec(text);
  if (match) {
    // Two-digit years: RFC 9110 says a year more than 50 years ahead is in the past century.
    const yy = Number(match[3]);
    const thisYear = new Date(now).getUTCFullYear();
    let year = 2000 + yy;
    if (year > thisYear + 50) year -= 100;
    return utc(year, match[2], Number(match[1]), match[4], match[5], match[6]);
  }
  match = ASCTIME.exec(text);
  if (match) return utc(Number(match[6]), match[1], Number(match[2].trim()), match[3], match[4], match[5]);
  return undefined;
}

/**
 * A Retry-After header as milliseconds from `now`: delta-seconds or an HTTP-date (a date in
 * the past means 0). Anything else, including an empty or repeated-and-different header, is
 * undefined: the caller falls back to its own backoff.
 */
export function parseRetryAfter(header: string | readonly string[] | null | undefined, now: Date | number): number | undefined {
  if (header == null) return undefined;
  const values = typeof header === 'string' ? [header] : header;
  if (values.length !== 1) return undefined;
  const text = values[0].trim();
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return Number.isSafeInteger(seconds * 1000) ? seconds * 1000 : undefined;
  }
  const from = typeof now === 'number' ? now : now.getTime();
  const at = parseHttpDate(text, from);
  if (at === undefined) return undefined;
  return Math.max(0, at - from);
}
