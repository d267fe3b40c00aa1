import { describe, expect, it } from 'vitest';
import { FaultPlan } from '../../../../src/server/faults/plan';
import type { FaultRequest } from '../../../../src/server/faults/types';

const IMPORTS = '/api/v1/participant_imports';
const get = (path = IMPORTS): FaultRequest => ({ method: 'GET', path, route: path });
const post = (path = IMPORTS): FaultRequest => ({ method: 'POST', path, route: path });

/** What a plan decides for `count` GETs, as comparable strings. */
function run(plan: FaultPlan, count: number): string[] {
  return Array.from({ length: count }, () => {
    const d = plan.decide(get());
    return `${d.fault?.kind ?? '-'}/${d.latencyMs}`;
  });
}

const SPEC = 'drop=0.1,503=0.1,429=0.1:2,latency=0.5:5-50';

describe('FaultPlan from a spec', () => {
  it('makes the same decisions for the same seed, and others for another seed', () => {
    const a = run(new FaultPlan({ spec: SPEC, seed: 42 }), 500);
    const b = run(new FaultPlan({ spec: SPEC, seed: 42 }), 500);
    const c = run(new FaultPlan({ spec: SPEC, seed: 43 }), 500);
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
  });

  it('draws each kind about as often as its probability, and latency within its window', () => {
    const plan = new FaultPlan({ spec: SPEC, seed: 7 });
    run(plan, 4000);
    const share = (kind: string) => plan.decisions.filter((d) => d.fault?.kind === kind).length / 4000;
    for (const kind of ['drop', '503', '429']) {
      expect(share(kind)).toBeGreaterThan(0.07);
      expect(share(kind)).toBeLessThan(0.13);
    }
    expect(share('500')).toBe(0);
    const delays = plan.decisions.map((d) => d.latencyMs).filter((ms) => ms > 0);
    expect(delays.length / 4000).toBeGreaterThan(0.45);
    expect(delays.length / 4000).toBeLessThan(0.55);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...delays)).toBeLessThanOrEqual(50);
    expect(plan.decisions.find((d) => d.fault?.kind === '429')?.fault).toEqual({ kind: '429', retryAfter: 2 });
  });

  it('puts @N faults and @N latency on exactly the Nth request', () => {
    const plan = new FaultPlan({ spec: 'expire-token@3,503-after@5,latency@4:70' });
    run(plan, 6);
    expect(plan.decisions.map((d) => [d.fault?.kind ?? null, d.latencyMs, d.source])).toEqual([
      [null, 0, null],
      [null, 0, null],
      ['expire-token', 0, 'at'],
      [null, 70, 'at'],
      ['503-after', 0, 'at'],
      [null, 0, null],
    ]);
  });

  it('covers /api routes always and the token endpoint only when the spec says oauth', () => {
    const plain = new FaultPlan({ spec: 'drop=1' });
    expect(plain.covers(IMPORTS)).toBe(true);
    expect(plain.covers('/oauth/token')).toBe(false);
    expect(plain.covers('/health')).toBe(false);
    expect(plain.covers('/__faults')).toBe(false);
    expect(plain.covers(undefined)).toBe(false);
    expect(new FaultPlan({ spec: 'oauth' }).covers('/oauth/token')).toBe(true);
  });
});

describe('FaultPlan programmed', () => {
  it('gives queued faults to the next requests in order, then runs normally', () => {
    const plan = new FaultPlan().next([{ kind: 'drop' }, { kind: '429', retryAfter: 3 }]);
    expect(plan.pending).toBe(2);
    expect(plan.decide(get()).fault).toEqual({ kind: 'drop' });
    expect(plan.decide(post()).fault).toEqual({ kind: '429', retryAfter: 3 });
    expect(plan.decide(get()).fault).toBeNull();
    expect(plan.pending).toBe(0);
  });

  it('waits with a when rule for a matching method and path, as often as asked', () => {
    const plan = new FaultPlan().when({ method: 'post', path: `${IMPORTS}/` }, { kind: '503-after' }, 2);
    expect(plan.decide(get()).fault).toBeNull();
    expect(plan.decide(post('/api/v1/participant_import_actions')).fault).toBeNull();
    expect(plan.decide(post()).fault).toEqual({ kind: '503-after' });
    expect(plan.decide(post()).source).toBe('when');
    expect(plan.decide(post()).fault).toBeNull();
  });

  it('matches a route pattern, a path prefix and a predicate', () => {
    const plan = new FaultPlan()
      .when({ path: `${IMPORTS}/:id` }, { kind: '500' })
      .when({ path: '/api/v1/subjects*' }, { kind: '502' }, Infinity)
      .when((r) => r.path.endsWith('/lookup'), { kind: 'drop' });
    expect(plan.decide({ method: 'GET', path: `${IMPORTS}/9`, route: `${IMPORTS}/:id` }).fault?.kind).toBe('500');
    expect(plan.decide(get('/api/v1/subjects/search')).fault?.kind).toBe('502');
    expect(plan.decide(get('/api/v1/subjects/4')).fault?.kind).toBe('502');
    expect(plan.decide(get(`${IMPORTS}/lookup`)).fault?.kind).toBe('drop');
    expect(plan.clear().decide(get('/api/v1/subjects/4')).fault).toBeNull();
  });

  it('turns a programmed latency into a delay on an otherwise normal request', () => {
    const plan = new FaultPlan().next([{ kind: 'latency', ms: 120 }]);
    expect(plan.decide(get())).toMatchObject({ fault: null, latencyMs: 120, source: 'next' });
  });

  it('does not shift the seeded decisions of the requests it leaves alone', () => {
    const plain = run(new FaultPlan({ spec: SPEC, seed: 9 }), 50);
    const programmed = new FaultPlan({ spec: SPEC, seed: 9 }).next([{ kind: '500' }, { kind: '500' }]);
    const decided = run(programmed, 50);
    expect(decided.slice(0, 2).map((d) => d.split('/')[0])).toEqual(['500', '500']);
    expect(decided.slice(2)).toEqual(plain.slice(2));
  });

  it('counts requests and keeps their decisions', () => {
    const plan = new FaultPlan({ spec: 'drop@2' });
    run(plan, 3);
    expect(plan.requests).toBe(3);
    expect(plan.decisions.map((d) => d.n)).toEqual([1, 2, 3]);
    expect(plan.decisions[1]).toEqual({ n: 2, method: 'GET', path: IMPORTS, fault: { kind: 'drop' }, source: 'at', latencyMs: 0 });
  });
});
