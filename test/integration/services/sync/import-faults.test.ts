import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Fault } from '../../../../src/server/faults';
import { firstApplicationOf, issueToken } from '../../../../src/server/store/companies';
import { draftById } from '../../../../src/services/mirror/queries/drafts/drafts';
import { importOfDraft } from '../../../../src/services/mirror/queries/imports/imports';
import { opsOfEntity } from '../../../../src/services/mirror/queries/outbox/outbox';
import { outboxStatus } from '../../../../src/services/mirror/queries/outbox/outbox-status';
import { draftPushStatus, enqueueDraftPush } from '../../../../src/services/sync/imports';
import { freshEvent, participantsOf } from '../../../support/events';
import { startTestService, type TestService } from '../../../support/service';
import { mirrorDir } from '../mirror/mirror-fixture';
import { harness, knowEvent, people, readyDraft, serviceCounts } from './push-fixture';

// Each fault around each step of the chain: the push still ends with one import and one
// action on the service, and the mirror agrees.
let service: TestService;
const mirrors = mirrorDir('muster-faults-');
beforeAll(async () => {
  service = await startTestService({ faults: {} });
});
afterAll(() => service.close());
beforeEach(() => void service.faults!.clear());

const STEPS = {
  create: { method: 'POST', path: '/api/v1/participant_imports' },
  parser: { method: 'GET', path: '/api/v1/participant_imports/:id/parser' },
  act: { method: 'POST', path: '/api/v1/participant_import_actions' },
  poll: { method: 'GET', path: '/api/v1/participant_import_actions/:id' },
} as const;
type Step = keyof typeof STEPS;

async function pushWith(step: Step, fault: Fault, options: { keys?: boolean; knownEvent?: boolean } = {}) {
  const db = mirrors.fresh();
  const event = freshEvent(service);
  if (options.knownEvent !== false) knowEvent(db, event);
  const draftId = readyDraft(db, event, people(5));
  enqueueDraftPush(db, draftId);
  service.faults!.when(STEPS[step], fault, 1);
  const h = harness(db, service, { keys: options.keys });
  const report = await h.runner.runUntilIdle({ timeoutMs: 15_000 });
  await h.runner.stop();
  expect(service.faults!.pending).toBe(0); // the fault did fire
  return { db, event, draftId, report, events: h.events };
}

async function expectOnce(run: Awaited<ReturnType<typeof pushWith>>) {
  expect(run.report.state).toBe('idle');
  expect(draftById(run.db, run.draftId)!.state).toBe('pushed');
  expect(await serviceCounts(service, run.event)).toEqual({ imports: 1, actions: 1 });
  expect(participantsOf(service, run.event)).toHaveLength(5);
  expect(outboxStatus(run.db).counts).toMatchObject({ pending: 0, in_flight: 0, rejected: 0, blocked: 0 });
}

const resultOf = (run: Awaited<ReturnType<typeof pushWith>>, kind: string) => opsOfEntity(run.db, 'draft', run.draftId).find((op) => op.kind === kind)!.result as { adopted?: boolean };

describe.each(['create', 'act'] as const)('a lost answer to %s', (step) => {
  const kind = step === 'create' ? 'import.create' : 'import.act';
  it.each(['drop', '502-after', '503-after'])('%s: the committed record is found and adopted, not created again (no Idempotency-Key sent)', async (fault) => {
    const run = await pushWith(step, { kind: fault as Fault['kind'] }, { keys: false });
    await expectOnce(run);
    expect(resultOf(run, kind).adopted).toBe(true);
    expect(run.events.some((e) => e.type === 'retry_scheduled' && e.op.kind === kind)).toBe(true);
  });

  it('drop with the Idempotency-Key: the retry is answered by the service replaying the first answer', async () => {
    const run = await pushWith(step, { kind: 'drop' }, { knownEvent: false });
    await expectOnce(run);
  });

  it('503 before the request ran: retried and created once', async () => {
    const run = await pushWith(step, { kind: '503' }, { keys: false });
    await expectOnce(run);
    expect(resultOf(run, kind).adopted).toBe(false);
  });
});

describe('adoption takes only what this push made', () => {
  it('an identical import pushed before from another mirror is not adopted after a failed attempt', async () => {
    const event = freshEvent(service);
    const rows = people(5, 'same');
    const earlier = mirrors.fresh();
    readyDraft(earlier, event, rows);
    enqueueDraftPush(earlier, 1);
    const first = harness(earlier, service);
    await first.runner.runUntilIdle({ timeoutMs: 15_000 });
    await first.runner.stop();

    const db = mirrors.fresh();
    knowEvent(db, event);
    const draftId = readyDraft(db, event, rows);
    enqueueDraftPush(db, draftId);
    service.faults!.when(STEPS.create, { kind: '503' }, 1); // nothing committed: the look must find nothing
    const h = harness(db, service, { keys: false });
    expect((await h.runner.runUntilIdle({ timeoutMs: 15_000 })).state).toBe('idle');
    await h.runner.stop();
    expect(await serviceCounts(service, event)).toEqual({ imports: 2, actions: 2 });
    expect(importOfDraft(db, draftId)!.id).not.toBe(importOfDraft(earlier, 1)!.id);
  });
});

describe.each(['parser', 'poll'] as const)('a failed read of %s', (step) => {
  it.each(['drop', '500', '503'])('%s is retried', async (fault) => {
    await expectOnce(await pushWith(step, { kind: fault as Fault['kind'] }, { keys: false }));
  });
});

describe('429 and latency', () => {
  it.each(Object.keys(STEPS) as Step[])('429 with Retry-After on %s is honoured before the next attempt', async (step) => {
    const run = await pushWith(step, { kind: '429', retryAfter: 1 });
    await expectOnce(run);
    const retry = run.events.find((e) => e.type === 'retry_scheduled')!;
    const next = run.events.find((e) => e.type === 'claimed' && e.op.id === retry.op.id && e.at > retry.at)!;
    // Counted from when the 429 was read (the op's update), not from when the event was told:
    // on a loaded machine writing the answer can take longer than the tolerance.
    expect(retry.op.nextAttemptAt - retry.op.updatedAt).toBeGreaterThanOrEqual(990);
    expect(next.at).toBeGreaterThanOrEqual(retry.op.nextAttemptAt);
  });

  it('latency on every step only slows the push', async () => {
    for (const step of ['parser', 'act', 'poll'] as const) service.faults!.when(STEPS[step], { kind: 'latency', ms: 150 }, 1);
    const started = Date.now();
    const run = await pushWith('create', { kind: 'latency', ms: 150 });
    await expectOnce(run);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150 * 4);
  });
});

describe('an expired token', () => {
  it.each(Object.keys(STEPS) as Step[])('on %s pauses the queue; a new token resumes it and the push completes once', async (step) => {
    const app = firstApplicationOf(service.context.db, 1)!;
    const db = mirrors.fresh();
    const event = freshEvent(service);
    const draftId = readyDraft(db, event, people(5));
    enqueueDraftPush(db, draftId);
    service.faults!.when(STEPS[step], { kind: 'expire-token' }, 1);
    const h = harness(db, service, { token: issueToken(service.context.db, app, new Date(), null).token });
    const paused = await h.runner.runUntilIdle({ timeoutMs: 15_000 });
    expect(paused.state).toBe('paused');
    expect(paused.paused!.reason).toBe('unauthorized');
    const status = outboxStatus(db);
    expect(status.pausedReason).toBe('unauthorized');
    expect(status.currentError).toMatch(/token/);
    const waiting = opsOfEntity(db, 'draft', draftId).find((op) => op.state === 'pending' && op.lastStatus === 401)!;
    expect(waiting).toBeDefined();
    // Nothing moves while paused, even when woken.
    h.runner.wake();
    expect((await h.runner.runUntilIdle({ timeoutMs: 200 })).state).toBe('paused');

    h.token.value = issueToken(service.context.db, app, new Date(), null).token;
    h.runner.resume();
    const done = await h.runner.runUntilIdle({ timeoutMs: 15_000 });
    await h.runner.stop();
    expect(done.state).toBe('idle');
    expect(outboxStatus(db).pausedReason).toBeNull();
    expect(draftById(db, draftId)!.state).toBe('pushed');
    expect(await serviceCounts(service, event)).toEqual({ imports: 1, actions: 1 });
  });
});

describe('refusals', () => {
  it('a 422 rejects the create visibly, blocks the rest of the chain and fails the draft', async () => {
    const db = mirrors.fresh();
    const event = freshEvent(service);
    const draftId = readyDraft(db, event, [{ name: 'Ada', email: 'ada@example.com', favourite_colour: 'green' } as never]);
    enqueueDraftPush(db, draftId);
    const h = harness(db, service);
    expect((await h.runner.runUntilIdle({ timeoutMs: 15_000 })).state).toBe('idle');
    await h.runner.stop();
    const status = draftPushStatus(db, draftId)!;
    expect(status.state).toBe('failed');
    expect(status.error).toMatch(/rejected the request \(422\)/);
    expect(status.outbox!.state).toBe('blocked');
    expect(opsOfEntity(db, 'draft', draftId).map((op) => op.state)).toEqual(['rejected', 'blocked', 'blocked', 'blocked', 'blocked']);
    expect(outboxStatus(db).counts).toMatchObject({ rejected: 1, blocked: 4, pending: 0 });
    expect(await serviceCounts(service, event)).toEqual({ imports: 0, actions: 0 });
  });

  it('an event the service does not know is refused with its sentence', async () => {
    const db = mirrors.fresh();
    const draftId = readyDraft(db, { external_event_id: 987_654_321 } as never, people(1));
    enqueueDraftPush(db, draftId);
    const h = harness(db, service);
    await h.runner.runUntilIdle({ timeoutMs: 15_000 });
    await h.runner.stop();
    const status = draftPushStatus(db, draftId)!;
    expect(status.state).toBe('failed');
    expect(status.error).toMatch(/987654321/);
  });
});
