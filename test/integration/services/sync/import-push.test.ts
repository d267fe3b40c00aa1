import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftById } from '../../../../src/services/mirror/queries/drafts/drafts';
import { catalogFor } from '../../../../src/services/mirror/queries/imports/catalog';
import { eventByExternalId } from '../../../../src/services/mirror/queries/imports/events';
import { actionsOfImport } from '../../../../src/services/mirror/queries/imports/import-actions';
import { importOfDraft, importsOfEvent } from '../../../../src/services/mirror/queries/imports/imports';
import { opsOfEntity } from '../../../../src/services/mirror/queries/outbox/outbox';
import { outboxStatus } from '../../../../src/services/mirror/queries/outbox/outbox-status';
import { parserResultOf } from '../../../../src/services/mirror/queries/imports/parser-results';
import { draftPushStatus, enqueueDraftPush, importHandlers } from '../../../../src/services/sync/imports';
import { freshEvent, gender, participantsOf } from '../../../support/events';
import { startTestService, type TestService } from '../../../support/service';
import { mirrorDir } from '../mirror/mirror-fixture';
import { harness, people, readyDraft, serviceCounts } from './push-fixture';

// The import push chain against the real reference service on loopback, real mirror files.
let service: TestService;
const mirrors = mirrorDir('muster-push-');
beforeAll(async () => {
  service = await startTestService({ faults: {} });
});
afterAll(() => service.close());

describe('import push', () => {
  it('learns the categories the action created, so the event’s next list knows them', async () => {
    const db = mirrors.fresh();
    const event = freshEvent(service);
    const rows = people(2).map((p, i) => ({ ...p, demographics: [{ demographic_category_name: 'Geschlecht', demographic_name: i ? 'weiblich' : 'männlich' }] }));
    const draftId = readyDraft(db, event, rows);
    enqueueDraftPush(db, draftId);
    const { runner } = harness(db, service);
    expect((await runner.runUntilIdle({ timeoutMs: 15_000 })).state).toBe('idle');
    await runner.stop();
    expect(draftById(db, draftId)!.state).toBe('pushed');
    // The parse before the action could not name them: the action made them.
    const learned = catalogFor(db, event.external_event_id).find((c) => c.name === 'Geschlecht');
    expect(learned?.demographics.map((d) => d.name).sort()).toEqual(['männlich', 'weiblich']);

    // Run again after the import was destroyed on the service: nothing to learn, and the push's last step still ends.
    const imported = importOfDraft(db, draftId)!;
    expect((await service.client().delete(`/api/v1/participant_imports/${imported.id}`)).status).toBeLessThan(300);
    const refresh = opsOfEntity(db, 'draft', draftId).find((op) => op.kind === 'import.refresh')!;
    const { remote } = harness(db, service);
    const outcome = await importHandlers['import.refresh'](refresh as never, { db, remote, now: () => Date.now(), signal: new AbortController().signal, recordRemoteRef: () => undefined });
    expect(outcome.type).toBe('done');
  });

  it('creates the import, compares the parse, runs the action to completed and refreshes the index', async () => {
    const db = mirrors.fresh();
    const event = freshEvent(service);
    const rows = people(3).map((p, i) => ({ ...p, demographics: [gender(i % 2 ? 'Female' : 'Male')] }));
    const draftId = readyDraft(db, event, rows);
    const chain = enqueueDraftPush(db, draftId);
    expect(draftById(db, draftId)!.state).toBe('pushing');
    const { runner, events } = harness(db, service);
    expect((await runner.runUntilIdle({ timeoutMs: 15_000 })).state).toBe('idle');
    await runner.stop();

    expect(draftById(db, draftId)!.state).toBe('pushed');
    const imported = importOfDraft(db, draftId)!;
    expect(imported.eventId).toBe(event.id);
    expect(eventByExternalId(db, event.external_event_id)!.eventId).toBe(event.id);
    const [action] = actionsOfImport(db, imported.id);
    expect(action.status).toBe('completed');
    expect(action.result).toMatchObject({ total: 3, created: 3, invalid: 0 });
    expect(parserResultOf(db, imported.id)!.disagreements).toEqual([]);
    expect(catalogFor(db, event.external_event_id).map((c) => c.name)).toContain('Gender');
    expect(opsOfEntity(db, 'draft', draftId).map((op) => [op.kind, op.state])).toEqual([
      ['import.create', 'done'],
      ['import.parser', 'done'],
      ['import.act', 'done'],
      ['import.poll', 'done'],
      ['import.refresh', 'done'],
    ]);
    expect(opsOfEntity(db, 'draft', draftId)[0].id).toBe(chain.createOpId);
    expect(participantsOf(service, event)).toHaveLength(3);
    expect(await serviceCounts(service, event)).toEqual({ imports: 1, actions: 1 });
    expect(outboxStatus(db).lastSyncAt).not.toBeNull();
    expect(events.filter((e) => e.type === 'completed')).toHaveLength(5);
    const status = draftPushStatus(db, draftId)!;
    expect(status).toMatchObject({ state: 'pushed', importId: imported.id, actionId: action.id, actionStatus: 'completed', error: null });
  });

  it('takes the direct path: act_if_valid true answers the action, which is polled to its end', async () => {
    const db = mirrors.fresh();
    const event = freshEvent(service);
    const draftId = readyDraft(db, event, people(4));
    const chain = enqueueDraftPush(db, draftId, { direct: true });
    expect(chain.parserOpId).toBeNull();
    const { runner } = harness(db, service);
    expect((await runner.runUntilIdle({ timeoutMs: 15_000 })).state).toBe('idle');
    await runner.stop();
    expect(draftById(db, draftId)!.state).toBe('pushed');
    expect(opsOfEntity(db, 'draft', draftId).map((op) => op.kind)).toEqual(['import.create', 'import.poll', 'import.refresh']);
    const imported = importOfDraft(db, draftId)!;
    expect(imported.record.act_if_valid).toBe(true);
    expect(actionsOfImport(db, imported.id)[0]).toMatchObject({ status: 'completed', result: expect.objectContaining({ created: 4 }) });
    expect(await serviceCounts(service, event)).toEqual({ imports: 1, actions: 1 });
  });

  it('records where the service parses differently and ends failed when the action fails', async () => {
    const db = mirrors.fresh();
    const event = freshEvent(service);
    // An exclusive category the mirror does not know yet: offline both genders are fine,
    // the service (whose catalog says Gender is exclusive) marks the row invalid.
    const draftId = readyDraft(db, event, [{ external_id: 'x1', name: 'Two Genders', email: 'two@example.com', demographics: [gender('Female'), gender('Male')] }]);
    enqueueDraftPush(db, draftId);
    const { runner } = harness(db, service);
    await runner.runUntilIdle({ timeoutMs: 15_000 });
    await runner.stop();
    const imported = importOfDraft(db, draftId)!;
    expect(parserResultOf(db, imported.id)!.disagreements).toEqual([{ row_number: 1, field: 'invalid_fields', offline: [], service: ['demographics'] }]);
    const status = draftPushStatus(db, draftId)!;
    expect(status.state).toBe('failed');
    expect(status.actionStatus).toBe('failed');
    expect(status.error).toMatch(/invalid/i);
    expect(importsOfEvent(db, event.id)).toHaveLength(1);
  });
});
