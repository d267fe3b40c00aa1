import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectedService, disconnect } from '../../../support/remote';
import type { MirrorDb } from '../../../../src/services/mirror/open';
import { opsOfEntity } from '../../../../src/services/mirror/queries/outbox/outbox';
import { subjectByLocalId } from '../../../../src/services/mirror/queries/subjects/subjects';
import type { RemoteClient } from '../../../../src/services/remote/client';
import { createSubjectOffline, destroySubjectOffline, updateSubjectOffline } from '../../../../src/services/sync/subjects/local';
import { createSyncRunner, type SyncRunner } from '../../../../src/services/sync/runner';
import { subjectHandlers } from '../../../../src/services/sync/subjects/handlers';
import { pullSubjects } from '../../../../src/services/sync/subjects/pull';
import type { TestService } from '../../../support/service';
import { mirrorDir } from '../mirror/mirror-fixture';
import { expectMirrorMatchesService, newPerson, serviceSubject, serviceSubjects, subjectHarness } from './subjects-fixture';

// Edits made here between a request whose answer was lost and its retry, and edits to a
// shared household: the cases the sync fault campaign (campaign.test.ts) found, one each.
let service: TestService;
let remote: RemoteClient;
const mirrors = mirrorDir('muster-subject-interleaved-');
beforeAll(async () => void ({ service, remote } = await connectedService({ faults: {} })));
afterAll(() => disconnect(service, remote));
beforeEach(() => void service.faults!.clear());

const CREATE = { method: 'POST', path: '/api/v1/subjects' };
const PATCH = { method: 'PATCH', path: '/api/v1/subjects/:id' };

let codes = 0;
const withCode = (changes: Record<string, unknown> = {}) => newPerson({ code: `IL-${process.pid}-${++codes}`, ...changes });
const byCode = async (code: unknown) => (await serviceSubjects(service)).filter((s) => s.code === code);

async function pulledMirror() {
  const db = mirrors.fresh();
  await pullSubjects(db, remote);
  return db;
}

/** Runs until the first failed attempt is scheduled for a retry a minute away, then stops. */
async function failOnce(db: MirrorDb, keys = false) {
  const h = subjectHarness(db, service, { keys, backoff: { baseMs: 60_000, capMs: 60_000 } });
  await h.runner.runUntilIdle({ until: () => h.events.some((e) => e.type === 'retry_scheduled'), timeoutMs: 10_000 });
  await h.runner.stop();
  expect(service.faults!.pending).toBe(0);
  db.prepare('UPDATE outbox SET next_attempt_at = 0').run();
}

async function synced(db: MirrorDb, keys = false) {
  expect(await subjectHarness(db, service, { keys }).sync()).toBe('idle');
  expect(db.prepare("SELECT count(*) AS n FROM outbox WHERE state <> 'done'").get()).toEqual({ n: 0 });
}

describe('a create whose answer was lost, then edited here before the retry', () => {
  it.each([false, true])('is found by what was sent and adopted, the edit sent after it (Idempotency-Key sent: %s)', async (keys) => {
    const db = await pulledMirror();
    const person = withCode();
    const { localId } = createSubjectOffline(db, person as never);
    service.faults!.when(CREATE, { kind: 'drop' }, 1);
    await failOnce(db, keys);
    updateSubjectOffline(db, localId, { first_name: 'Renamed', email: `renamed.${codes}@example.com` });
    await synced(db, keys);
    const records = await byCode(person.code);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ first_name: 'Renamed', email: `renamed.${codes}@example.com` });
    expect(subjectByLocalId(db, localId)).toMatchObject({ state: 'synced', remoteId: records[0].id });
    await expectMirrorMatchesService(db, service);
  });
});

describe('a PATCH whose answer was lost, then the same field edited again here', () => {
  it.each([false, true])('is no conflict with itself: the newer value reaches the service (a pull in between: %s)', async (pull) => {
    const db = await pulledMirror();
    const { localId } = createSubjectOffline(db, withCode() as never);
    await synced(db);
    updateSubjectOffline(db, localId, { notes: 'first' });
    service.faults!.when(PATCH, { kind: 'drop' }, 1);
    await failOnce(db);
    updateSubjectOffline(db, localId, { notes: 'second' });
    if (pull) await pullSubjects(db, remote);
    await synced(db);
    const subject = subjectByLocalId(db, localId)!;
    expect(subject).toMatchObject({ state: 'synced', fields: { notes: 'second' } });
    expect((await serviceSubject(service, subject.remoteId!)).subject.notes).toBe('second');
    await expectMirrorMatchesService(db, service);
  });
});

describe('local ids', () => {
  it('a subject made here after another was deleted before it was sent never takes its id', async () => {
    const db = await pulledMirror();
    const gone = createSubjectOffline(db, withCode() as never);
    destroySubjectOffline(db, gone.localId);
    // Stopped right after the create ended (sent nothing: deleted first), before the delete op.
    const runner: SyncRunner = createSyncRunner({
      db,
      remote,
      handlers: subjectHandlers,
      onTransition: (e) => void (e.type === 'completed' && e.op.kind === 'subject.create' && runner.stop()),
    });
    await runner.runUntilIdle({ timeoutMs: 10_000 });
    await runner.stop();
    expect(opsOfEntity(db, 'subject', gone.localId).map((op) => op.state)).toEqual(['done', 'pending']);
    const person = withCode();
    const made = createSubjectOffline(db, person as never);
    expect(made.localId).not.toBe(gone.localId);
    await synced(db);
    expect(await byCode(person.code)).toHaveLength(1);
    expect(subjectByLocalId(db, made.localId)).toMatchObject({ state: 'synced' });
    expect(subjectByLocalId(db, gone.localId)).toBeNull();
  });
});

describe('shared households', () => {
  it("deleting a household's only member on the service waits for the member being created into it", async () => {
    const db = await pulledMirror();
    const first = createSubjectOffline(db, withCode() as never);
    await synced(db);
    const { remoteId, householdRemoteId, householdLocalId } = subjectByLocalId(db, first.localId)!;
    const joining = createSubjectOffline(db, withCode() as never, { householdLocalId });
    destroySubjectOffline(db, first.localId);
    // The create is slow: without the wait, the delete would empty the household first and
    // the service would refuse the create (its household.id no longer exists).
    service.faults!.when(CREATE, { kind: 'latency', ms: 200 }, 1);
    await synced(db);
    expect(subjectByLocalId(db, joining.localId)).toMatchObject({ state: 'synced', householdRemoteId });
    expect((await serviceSubject(service, remoteId!)).status).toBe(404);
    await expectMirrorMatchesService(db, service);
  });

  it.each([true, false])('a household field changed through a member then deleted reaches the members who stay (member on the service: %s)', async (onService) => {
    const db = await pulledMirror();
    const stays = createSubjectOffline(db, withCode({ household: { city: 'Before' } }) as never);
    await synced(db);
    const household = subjectByLocalId(db, stays.localId)!.householdLocalId;
    const leaves = createSubjectOffline(db, withCode() as never, { householdLocalId: household });
    if (onService) await synced(db);
    updateSubjectOffline(db, leaves.localId, { household: { city: 'After' } });
    destroySubjectOffline(db, leaves.localId);
    await synced(db);
    const remaining = subjectByLocalId(db, stays.localId)!;
    expect((await serviceSubject(service, remaining.remoteId!)).subject.household.city).toBe('After');
    expect(remaining).toMatchObject({ state: 'synced', household: { city: 'After' } });
    await expectMirrorMatchesService(db, service);
  });

  it('a member deleted here whose lost create meets a household conflict is still deleted on the service', async () => {
    const db = await pulledMirror();
    const first = createSubjectOffline(db, withCode({ household: { city: 'Old' } }) as never);
    await synced(db);
    const { remoteId, householdLocalId } = subjectByLocalId(db, first.localId)!;
    const second = withCode();
    const { localId } = createSubjectOffline(db, second as never, { householdLocalId });
    service.faults!.when(CREATE, { kind: 'drop' }, 1);
    await failOnce(db);
    // Someone changes the household on the service, while it is changed here too.
    await service.client().patch(`/api/v1/subjects/${remoteId}`, { household: { city: 'Office' } });
    updateSubjectOffline(db, first.localId, { household: { city: 'Mine' } });
    destroySubjectOffline(db, localId);
    expect(await subjectHarness(db, service).sync()).toBe('idle');
    expect(await byCode(second.code)).toEqual([]);
    expect(subjectByLocalId(db, localId)).toBeNull();
    // The household's conflict is the staying member's to resolve: nothing was overwritten.
    expect(subjectByLocalId(db, first.localId)).toMatchObject({ state: 'conflict', household: { city: 'Mine' } });
  });

  it('a member whose create was adopted while the household changed here is left with nothing unsent', async () => {
    const db = await pulledMirror();
    const first = createSubjectOffline(db, withCode({ household: { city: 'Old' } }) as never);
    await synced(db);
    const second = createSubjectOffline(db, withCode() as never, { householdLocalId: subjectByLocalId(db, first.localId)!.householdLocalId });
    service.faults!.when(CREATE, { kind: 'drop' }, 1);
    await failOnce(db);
    updateSubjectOffline(db, first.localId, { household: { city: 'New' } });
    await synced(db);
    for (const { localId } of [first, second]) expect(subjectByLocalId(db, localId)).toMatchObject({ state: 'synced', household: { city: 'New' } });
    expect(opsOfEntity(db, 'subject', second.localId).every((op) => op.state === 'done')).toBe(true);
    await expectMirrorMatchesService(db, service);
  });
});
