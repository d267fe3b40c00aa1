import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMirror } from '../../../../src/services/mirror/open';
import { draftById } from '../../../../src/services/mirror/queries/drafts/drafts';
import { opsOfEntity } from '../../../../src/services/mirror/queries/outbox/outbox';
import { enqueueDraftPush } from '../../../../src/services/sync/imports';
import type { TransitionType } from '../../../../src/services/sync/runner';
import { freshEvent, participantsOf } from '../../../support/events';
import { startTestService, type TestService } from '../../../support/service';
import { mirrorDir } from '../mirror/mirror-fixture';
import { harness, knowEvent, people, readyDraft, serviceCounts } from './push-fixture';

// A runner stopped mid-chain, and a new runner (on a newly opened connection to the same
// mirror file) finishing the push exactly once.
let service: TestService;
const mirrors = mirrorDir('muster-restart-');
beforeAll(async () => {
  service = await startTestService({ faults: {} });
});
afterAll(() => service.close());

const points: [TransitionType, string][] = [
  ['claimed', 'import.create'],
  ['remote_ref', 'import.create'],
  ['completed', 'import.create'],
  ['completed', 'import.parser'],
  ['remote_ref', 'import.act'],
  ['completed', 'import.act'],
  ['waiting', 'import.poll'],
  ['completed', 'import.poll'],
];

describe('stopping and starting again', () => {
  it.each(points)('stopped after %s of %s: a new runner on the same file completes once', async (type, kind) => {
    const file = mirrors.file(`restart-${type}-${kind}.sqlite`);
    let db = openMirror(file);
    const event = freshEvent(service);
    knowEvent(db, event);
    const draftId = readyDraft(db, event, people(3000));
    enqueueDraftPush(db, draftId);
    let stopped: Promise<void> | null = null;
    const first = harness(db, service, {
      keys: false,
      onTransition: (e) => {
        if (!stopped && e.type === type && e.op.kind === kind) stopped = first.runner.stop();
      },
    });
    void first.runner.start();
    await first.runner.runUntilIdle({ timeoutMs: 15_000 });
    expect(stopped).not.toBeNull();
    await stopped;
    expect(draftById(db, draftId)!.state).toBe(type === 'completed' && kind === 'import.poll' ? 'pushed' : 'pushing');
    db.close();

    db = openMirror(file);
    const second = harness(db, service, { keys: false });
    expect((await second.runner.runUntilIdle({ timeoutMs: 15_000 })).state).toBe('idle');
    await second.runner.stop();
    expect(draftById(db, draftId)!.state).toBe('pushed');
    expect(opsOfEntity(db, 'draft', draftId).every((op) => op.state === 'done')).toBe(true);
    expect(await serviceCounts(service, event)).toEqual({ imports: 1, actions: 1 });
    expect(participantsOf(service, event)).toHaveLength(3000);
    db.close();
  });

  it('a stop that aborts the create POST in flight leaves it ambiguous; the next runner looks first and creates once', async () => {
    const db = mirrors.fresh();
    const event = freshEvent(service);
    knowEvent(db, event);
    const draftId = readyDraft(db, event, people(10));
    enqueueDraftPush(db, draftId);
    service.faults!.when({ method: 'POST', path: '/api/v1/participant_imports' }, { kind: 'latency', ms: 300 }, 1);
    const first = harness(db, service, { keys: false });
    first.runner.start();
    await new Promise((r) => setTimeout(r, 100));
    await first.runner.stop();
    const [create] = opsOfEntity(db, 'draft', draftId);
    expect(create).toMatchObject({ state: 'pending', attempts: 1, remoteRef: null });
    await new Promise((r) => setTimeout(r, 400)); // the service finishes the request it was sent
    const second = harness(db, service, { keys: false });
    expect((await second.runner.runUntilIdle({ timeoutMs: 15_000 })).state).toBe('idle');
    await second.runner.stop();
    expect(await serviceCounts(service, event)).toEqual({ imports: 1, actions: 1 });
  });
});
