import { expect } from 'vitest';
import type { Subject } from '../../../../src/core/contract/subjects';
import type { MirrorDb } from '../../../../src/services/mirror/open';
import { householdByLocalId } from '../../../../src/services/mirror/queries/subjects/households';
import { listSubjects } from '../../../../src/services/mirror/queries/subjects/subjects';
import { fieldsOfRecord, householdFieldsOf } from '../../../../src/services/mirror/queries/subjects/subject-row';
import { createRemoteClient, type RemoteClient } from '../../../../src/services/remote/client';
import { createSyncRunner, type SyncRunner, type SyncRunnerOptions, type TransitionEvent } from '../../../../src/services/sync/runner';
import { subjectHandlers } from '../../../../src/services/sync/subjects/handlers';
import type { TestService } from '../../../support/service';
import { withoutIdempotencyKeys } from './push-fixture';

export interface SubjectHarness {
  runner: SyncRunner;
  remote: RemoteClient;
  events: TransitionEvent[];
  /** Runs the outbox until nothing more can run, then stops the runner. */
  sync(timeoutMs?: number): Promise<string>;
}

/** The real outbox runner over the subject handlers, fast backoff; no Idempotency-Key unless asked. */
export function subjectHarness(db: MirrorDb, service: TestService, options: Partial<SyncRunnerOptions> & { keys?: boolean; token?: () => string } = {}): SubjectHarness {
  const client = createRemoteClient({ serverUrl: service.url, token: options.token ?? (() => service.token), timeouts: { responseMs: 10_000, idleMs: 10_000 } });
  const remote = options.keys ? client : withoutIdempotencyKeys(client);
  const events: TransitionEvent[] = [];
  const runner = createSyncRunner({ db, remote, handlers: subjectHandlers, backoff: { baseMs: 20, capMs: 200 }, ...options, onTransition: (event) => void events.push(event) });
  return {
    runner,
    remote,
    events,
    async sync(timeoutMs = 15_000) {
      const report = await runner.runUntilIdle({ timeoutMs });
      await runner.stop();
      return report.state;
    },
  };
}

/** Every subject of the first demo company as the service has it, archived included. */
export async function serviceSubjects(service: TestService): Promise<Subject[]> {
  const api = service.client();
  const all: Subject[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.post('/api/v1/subjects/search', { per: 1000, page, include_archived: true, order_by: 'id' });
    expect(answer.status).toBe(200);
    all.push(...(answer.body.response as Subject[]));
    if (all.length >= Number(answer.headers.get('x-total-count'))) return all;
  }
}

/**
 * Mirror and service agree: every synced mirror subject is on the service with the same
 * fields, household and lock_version, and every service subject is in the mirror once.
 */
export async function expectMirrorMatchesService(db: MirrorDb, service: TestService): Promise<void> {
  const remote = await serviceSubjects(service);
  const byId = new Map(remote.map((s) => [s.id, s]));
  const mirrored = listSubjects(db).filter((s) => s.remoteId !== null);
  expect(new Set(mirrored.map((s) => s.remoteId)).size).toBe(mirrored.length);
  expect(mirrored.map((s) => s.remoteId).sort((a, b) => a! - b!)).toEqual(remote.map((s) => s.id).sort((a, b) => a - b));
  for (const subject of mirrored.filter((s) => s.state === 'synced')) {
    const record = byId.get(subject.remoteId!)!;
    expect({ id: record.id, fields: subject.fields }).toEqual({ id: record.id, fields: fieldsOfRecord(record) });
    expect(subject.lockVersion).toBe(record.lock_version);
    expect(subject.householdRemoteId).toBe(record.household.id);
    expect(householdByLocalId(db, subject.householdLocalId)!.fields).toEqual(householdFieldsOf(record.household));
  }
}

/** A service-side subject by its id, straight from the API. */
export async function serviceSubject(service: TestService, id: number): Promise<{ status: number; subject: Subject }> {
  const answer = await service.client().get(`/api/v1/subjects/${id}`);
  return { status: answer.status, subject: answer.body.response as Subject };
}

let counter = 0;
/** A unique, valid subject body. */
export function newPerson(changes: Record<string, unknown> = {}): Record<string, unknown> {
  counter++;
  return { first_name: `Nora${counter}`, last_name: `Field${process.pid}`, email: `nora.${counter}.${Date.now()}@example.com`, date_of_birth: '1985-03-02', ...changes };
}
