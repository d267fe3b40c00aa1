import { FAULT_KINDS, type Fault, type FaultKind } from './types';

/** A latency window in milliseconds, inclusive. */
export interface LatencyRange {
  min: number;
  max: number;
}

/** A parsed `--faults` spec. */
export interface FaultSpec {
  /** Faults drawn per request; their probabilities add up to at most 1, in spec order. */
  random: { fault: Fault; p: number }[];
  /** Faults on the Nth request fault mode sees (1-based). */
  at: { n: number; fault: Fault }[];
  latency: { p: number; range: LatencyRange } | null;
  latencyAt: { n: number; range: LatencyRange }[];
  /** Whether POST /oauth/token is subject to faults too (never unless asked). */
  oauth: boolean;
}

/** A spec the command line cannot use; the message is one line naming the bad item. */
export class FaultSpecError extends Error {}

export const emptyFaultSpec = (): FaultSpec => ({ random: [], at: [], latency: null, latencyAt: [], oauth: false });

const fail = (item: string, why: string): never => {
  throw new FaultSpecError(`fault "${item}": ${why}`);
};

function probability(item: string, text: string): number {
  const p = /^(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : NaN;
  if (!(p >= 0 && p <= 1)) fail(item, `"${text}" is not a probability between 0 and 1`);
  return p;
}

function count(item: string, text: string): number {
  if (!/^[1-9]\d*$/.test(text)) fail(item, `"${text}" is not a request number (1, 2, …)`);
  return Number(text);
}

function range(item: string, text: string | undefined): LatencyRange {
  const match = /^(\d+)(?:-(\d+))?$/.exec(text ?? '');
  if (!match) return fail(item, 'latency needs milliseconds, as MS or MIN-MAX');
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  if (max < min) fail(item, `the latency range ${text} runs backwards`);
  return { min, max };
}

/** The fault an item names, with its `:ARG` checked (only 429 takes one). */
function faultOf(item: string, kind: FaultKind, arg: string | undefined): Fault {
  if (kind !== '429') {
    if (arg !== undefined) fail(item, `${kind} takes no ":" argument`);
    return { kind };
  }
  if (arg === undefined) return { kind, retryAfter: 1 };
  if (!/^\d+$/.test(arg)) fail(item, `"${arg}" is not a number of seconds for Retry-After`);
  return { kind, retryAfter: Number(arg) };
}

function parseItem(spec: FaultSpec, item: string): void {
  if (item === 'oauth') {
    spec.oauth = true;
    return;
  }
  const match = /^([a-z0-9-]+)([=@])([^:]*)(?::(.*))?$/.exec(item);
  if (!match) return fail(item, 'not understood');
  const [, name, how, value, arg] = match;
  if (!FAULT_KINDS.includes(name as FaultKind)) return fail(item, `unknown fault kind "${name}"`);
  const kind = name as FaultKind;
  if (kind === 'latency') {
    if (how === '@') spec.latencyAt.push({ n: count(item, value), range: range(item, arg) });
    else if (spec.latency) fail(item, 'latency is given twice');
    // `latency=20-80` (every request) or `latency=0.3:20-80` (three requests in ten).
    else spec.latency = arg === undefined ? { p: 1, range: range(item, value) } : { p: probability(item, value), range: range(item, arg) };
    return;
  }
  const fault = faultOf(item, kind, arg);
  if (how === '@') {
    const n = count(item, value);
    if (spec.at.some((a) => a.n === n)) fail(item, `request ${n} already has a fault`);
    spec.at.push({ n, fault });
    return;
  }
  if (spec.random.some((r) => r.fault.kind === kind)) fail(item, `${kind} is given twice`);
  spec.random.push({ fault, p: probability(item, value) });
  const total = spec.random.reduce((sum, r) => sum + r.p, 0);
  if (total > 1 + 1e-9) fail(item, `the probabilities add up to ${Number(total.toFixed(6))}, more than 1`);
}

/** Parses `drop=0.05,503=0.05,429=0.05:2,latency=20-80,expire-token@40`. */
export function parseFaultSpec(text: string): FaultSpec {
  const spec = emptyFaultSpec();
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === 'none') return spec;
  for (const raw of trimmed.split(',')) {
    const item = raw.trim();
    if (item === '') fail(raw, 'an empty item');
    parseItem(spec, item);
  }
  return spec;
}
