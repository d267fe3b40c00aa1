import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Fault } from '../../../../src/server/faults';
import { DEFAULT_IMPORT_FLAGS } from '../../../../src/core/contract/import-flags';
import { actionsOfImport, recordImportAction } from '../../../../src/services/mirror/queries/imports/import-actions';
import { recordImport } from '../../../../src/services/mirror/queries/imports/imports';
import { opsOfEntity } from '../../../../src/services/mirror/queries/outbox/outbox';
import { outboxStatus } from '../../../../src/services/mirror/queries/outbox/outbox-status';
import { enqueueImportAction, IMPORT_ENTITY, REVIEW_KINDS } from '../../../../src/services/sync/import-review';
import { syncHandlers } from '../../../../src/services/sync/handlers';
import { freshEvent } from '../../../support/events';
import { startTestService, waitForAction, type TestService } from '../../../support/service';
import { mirrorDir } from '../mirror/mirror-fixture';
import { harness } from './push-fixture';

// An action asked for on an import made elsewhere, whose answer is lost after the service
// started it: the retry adopts that action instead of starting a second one, and never takes
// the import's earlier action with the same flags for it.
let service: TestService;
const mirrors = mirrorDir('muster-review-faults-');
beforeAll(async () => {
  service = await startTestService({ faults: {} });
});
afterAll(() => service.close());
beforeEach(() => void service.faults!.clear());

const ACT = { method: 'POST', path: '/api/v1/participant_import_actions' } as const;

it.each([
  ['drop', true],
  ['502-after', true],
  ['503-after', true],
  // Nothing started: the look finds only the earlier action, which is not this one's.
  ['503', false],
])('%s: exactly one new action, adopted when the service had started it (%s)', async (kind, adopted) => {
  const api = service.client();
  const event = freshEvent(service);
  const created = await api.post('/api/v1/participant_imports', { external_event_id: event.external_event_id, participants: [{ external_id: 'x1', name: 'Ada', email: 'ada@example.com' }] });
  const importId = created.body.response.id as number;
  const earlier = await waitForAction(api, (await api.post('/api/v1/participant_import_actions', { participant_import_id: importId, ...DEFAULT_IMPORT_FLAGS })).body.response.id);

  const db = mirrors.fresh();
  recordImport(db, created.body.response);
  recordImportAction(db, earlier);
  enqueueImportAction(db, importId, { ...DEFAULT_IMPORT_FLAGS });
  service.faults!.when(ACT, { kind: kind as Fault['kind'] }, 1);
  const h = harness(db, service, { keys: false, handlers: syncHandlers });
  const report = await h.runner.runUntilIdle({ timeoutMs: 15_000 });
  await h.runner.stop();
  expect(service.faults!.pending).toBe(0);

  expect(report.state).toBe('idle');
  const onService = (await api.get(`/api/v1/participant_import_actions?participant_import_id=${importId}`)).body.response.participant_import_actions as { id: number }[];
  expect(onService).toHaveLength(2);
  const act = opsOfEntity(db, IMPORT_ENTITY, importId).find((op) => op.kind === REVIEW_KINDS.act)!;
  expect(act.result).toMatchObject({ adopted, actionId: onService[1].id });
  expect(actionsOfImport(db, importId).map((a) => [a.id, a.status])).toEqual(onService.map((a) => [a.id, 'completed']));
  expect(outboxStatus(db).counts).toMatchObject({ pending: 0, in_flight: 0, rejected: 0, blocked: 0 });
});
