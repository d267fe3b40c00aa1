import { OPERATIONS } from '../../core/contract/operations';
import { seededRandom } from './random';
import { emptyFaultSpec, parseFaultSpec, type FaultSpec, type LatencyRange } from './spec';
import type { Fault, FaultDecision, FaultMatch, FaultRequest, FaultSource } from './types';

export interface FaultOptions {
  /** A `--faults` spec, as text or parsed; none means faults only when programmed. */
  spec?: string | FaultSpec;
  /** Seed of the generator behind the spec's probabilities (default 1). */
  seed?: number;
}

interface Rule {
  match: FaultMatch;
  fault: Fault;
  times: number;
}

/** How many decisions are kept for reading back; older ones are forgotten. */
const KEEP_DECISIONS = 10_000;

function matches(match: FaultMatch, request: FaultRequest): boolean {
  if (typeof match === 'function') return match(request);
  if (match.method && match.method.toUpperCase() !== request.method) return false;
  if (match.path === undefined) return true;
  const want = match.path.replace(/\/+$/, '');
  // A path ending in `*` (`…/participant_imports*`) is a prefix; otherwise the path or the route pattern.
  if (want.endsWith('*')) return request.path.startsWith(want.slice(0, -1));
  return [request.path, request.route].some((p) => p.replace(/\/+$/, '') === want);
}

const pick = (range: LatencyRange, u: number): number => range.min + Math.floor(u * (range.max - range.min + 1));

/**
 * Decides, request by request, what goes wrong. Programmed faults come first (`next` in
 * order, then the first matching `when` rule), then the spec's `@N` faults, then its
 * probabilities. The generator draws the same three numbers for every request whatever is
 * programmed, so a seed gives the same spec decisions for the same sequence of requests.
 */
export class FaultPlan {
  readonly spec: FaultSpec;
  readonly seed: number;
  readonly decisions: FaultDecision[] = [];
  private readonly random: () => number;
  private readonly queue: Fault[] = [];
  private rules: Rule[] = [];
  private seen = 0;

  constructor(options: FaultOptions = {}) {
    this.spec = typeof options.spec === 'string' ? parseFaultSpec(options.spec) : (options.spec ?? emptyFaultSpec());
    this.seed = options.seed ?? 1;
    this.random = seededRandom(this.seed);
  }

  /** Requests fault mode has decided on so far. */
  get requests(): number {
    return this.seen;
  }

  /** Whether a matched route is subject to faults: /api/* always, the token endpoint if asked. */
  covers(route: string | undefined): route is string {
    if (!route) return false;
    return route.startsWith('/api/') || (this.spec.oauth && route === OPERATIONS.tokenGrant.path);
  }

  /** The next requests get these faults, one each, in order (before any `when` rule). */
  next(faults: Fault[]): this {
    this.queue.push(...faults);
    return this;
  }

  /** The next `times` requests that match get `fault` (Infinity: every one). */
  when(match: FaultMatch, fault: Fault, times = 1): this {
    if (times > 0) this.rules.push({ match, fault, times });
    return this;
  }

  /** Forgets programmed faults (the spec stays). */
  clear(): this {
    this.queue.length = 0;
    this.rules = [];
    return this;
  }

  /** Programmed faults still waiting for their request. */
  get pending(): number {
    return this.queue.length + this.rules.reduce((sum, r) => sum + (Number.isFinite(r.times) ? r.times : 1), 0);
  }

  decide(request: FaultRequest): FaultDecision {
    const n = ++this.seen;
    const [uFault, uLatency, uDelay] = [this.random(), this.random(), this.random()];
    const latencyAt = this.spec.latencyAt.find((l) => l.n === n);
    const latency = this.spec.latency;
    let latencyMs = latencyAt ? pick(latencyAt.range, uDelay) : latency && uLatency < latency.p ? pick(latency.range, uDelay) : 0;

    let [fault, source] = this.programmed(request);
    if (!fault) {
      const at = this.spec.at.find((a) => a.n === n);
      [fault, source] = at ? [at.fault, 'at'] : this.drawn(uFault);
    }
    // A programmed latency is a delay, not a failure: the request then runs normally.
    if (fault?.kind === 'latency') [latencyMs, fault] = [latencyMs + (fault.ms ?? 0), null];
    if (!fault) source = latencyMs > 0 ? (source ?? (latencyAt ? 'at' : 'random')) : null;

    const decision: FaultDecision = { n, method: request.method, path: request.path, fault, source, latencyMs };
    this.decisions.push(decision);
    if (this.decisions.length > KEEP_DECISIONS) this.decisions.splice(0, this.decisions.length - KEEP_DECISIONS);
    return decision;
  }

  private programmed(request: FaultRequest): [Fault | null, FaultSource | null] {
    const queued = this.queue.shift();
    if (queued) return [queued, 'next'];
    const rule = this.rules.find((r) => matches(r.match, request));
    if (!rule) return [null, null];
    if (--rule.times <= 0) this.rules = this.rules.filter((r) => r !== rule);
    return [rule.fault, 'when'];
  }

  private drawn(u: number): [Fault | null, FaultSource | null] {
    let edge = 0;
    for (const { fault, p } of this.spec.random) {
      edge += p;
      if (u < edge) return [fault, 'random'];
    }
    return [null, null];
  }
}
