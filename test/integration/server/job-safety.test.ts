import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParticipantInput } from '../../../src/core/contract/imports';
import { buildService } from '../../../src/server/app';
import { openServiceDb } from '../../../src/server/db/open';
import { startService } from '../../../src/server/index';
import { startTestService, waitForAction, type TestService } from '../../support/service';
import { demographicNames, freshEvent, participantsOf } from '../../support/events';

const diet = (name: string, exclusive?: boolean) => ({ demographic_category_name: 'Diet', demographic_name: name, ...(exclusive === undefined ? {} : { exclusive }) });

describe('destroy_unmatched_participants with skipped rows', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  async function run(participants: ParticipantInput[], flags: object) {
    const api = service.client();
    const event = freshEvent(service);
    const seed = await api.post('/api/v1/participant_imports', {
      external_event_id: event.external_event_id,
      act_if_valid: true,
      participants: [{ external_id: 'A1', name: 'Ada', email: 'ada@example.com' }, { external_id: 'B2', name: 'Bob', email: 'bob@example.com' }],
    });
    await waitForAction(api, seed.body.response.participant_import_action_id);
    const again = await api.post('/api/v1/participant_imports', { external_event_id: event.external_event_id, act_if_valid: true, participants, ...flags });
    return { event, action: await waitForAction(api, again.body.response.participant_import_action_id) };
  }

  it('spares a participant whose row was skipped as invalid', async () => {
    const { event, action } = await run(
      [{ external_id: 'A1', name: 'Ada', email: 'ada@example.com' }, { external_id: 'B2', name: 'Bob', email: 'bob at example' }],
      { skip_invalid: true, destroy_unmatched_participants: true },
    );
    expect(action.result).toMatchObject({ updated: 1, skipped_invalid: 1, destroyed: 0 });
    expect(participantsOf(service, event).map((p) => p.external_id)).toEqual(['A1', 'B2']);
  });

  it('destroys no one when every row is invalid', async () => {
    const { event, action } = await run([{ external_id: 'ZZ', name: '', email: 'nope' }], { skip_invalid: true, destroy_unmatched_participants: true });
    expect(action).toMatchObject({ status: 'completed' });
    expect(action.result).toMatchObject({ created: 0, updated: 0, destroyed: 0 });
    expect(participantsOf(service, event)).toHaveLength(2);
  });

  it('spares a participant named only by a skipped duplicate row', async () => {
    const { event, action } = await run(
      [{ external_id: 'A1', name: 'Ada', email: 'ada@example.com' }, { external_id: 'B2', name: 'Bob', email: 'ADA@example.com' }],
      { skip_duplicate_identity_matches: true, destroy_unmatched_participants: true },
    );
    expect(action.result).toMatchObject({ skipped_duplicates: 1, destroyed: 0 });
    expect(participantsOf(service, event)).toHaveLength(2);
  });
});

describe('categories an action creates', () => {
  it('keep an exclusive category to one value for a participant created in the same action', async () => {
    const service = await startTestService();
    try {
      const api = service.client();
      const event = freshEvent(service);
      const created = await api.post('/api/v1/participant_imports', {
        external_event_id: event.external_event_id,
        act_if_valid: true,
        participants: [
          { name: 'First', email: 'first@example.com', demographics: [diet('Vegan', true)] },
          { name: 'Second', email: 'second@example.com', demographics: [diet('Vegan'), diet('Keto')] },
        ],
      });
      const action = await waitForAction(api, created.body.response.participant_import_action_id);
      expect(action).toMatchObject({ status: 'completed', result: { created: 2, categories_created: 1 } });
      const second = participantsOf(service, event).find((p) => p.name === 'Second')!;
      expect(demographicNames(service, second.id)).toEqual(['Diet: Keto']);
    } finally {
      await service.close();
    }
  });

  it('do not change which rows are valid when the action resumes after a stop', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'muster-resume-'));
    try {
      const participants = [
        { name: 'First', email: 'first@example.com', demographics: [diet('Vegan', true)] },
        ...Array.from({ length: 30 }, (_, i) => ({ name: `P${i}`, email: `p${i}@example.com`, demographics: [diet('Vegan'), diet('Keto')] })),
      ];
      const first = await startTestService({ dataDir, jobs: { chunkSize: 1, pauseMs: 30 } });
      const created = (await first.client().post('/api/v1/participant_imports', { external_event_id: 4711, act_if_valid: true, participants })).body.response;
      let progress = 0;
      while (progress < 3) {
        await new Promise((r) => setTimeout(r, 15));
        progress = (await first.client().get(`/api/v1/participant_import_actions/${created.participant_import_action_id}`)).body.response.progress.processed;
      }
      await first.close();
      const second = await startTestService({ dataDir });
      try {
        const action = await waitForAction(second.client(), created.participant_import_action_id);
        expect(action).toMatchObject({ status: 'completed', result: { created: 31, skipped_invalid: 0, invalid: 0 } });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('one job, two runners', () => {
  it('refuses a second service on the same data folder', async () => {
    const service = await startTestService();
    try {
      await expect(startService({ dataDir: service.dataDir })).rejects.toThrow(/Another Muster service/);
    } finally {
      await service.close();
    }
  });

  it('never writes a chunk twice when two runners share one database file', async () => {
    const service = await startTestService({ jobs: { chunkSize: 5, pauseMs: 5 } });
    const participants = Array.from({ length: 200 }, (_, i) => ({ external_id: `T${i}`, name: `P${i}`, email: `t${i}@example.com` }));
    const created = (await service.client().post('/api/v1/participant_imports', { external_event_id: 4711, act_if_valid: true, participants })).body.response;
    // A second runner on its own connection to the same file resumes the running action too.
    const db = openServiceDb(join(service.dataDir, 'service.sqlite'));
    const rival = await buildService({ db, rateLimit: false, jobs: { chunkSize: 5, pauseMs: 5 } });
    try {
      const action = await waitForAction(service.client(), created.participant_import_action_id);
      await rival.context.jobs.whenIdle();
      expect(action.result.created).toBe(200);
      const rows = participantsOf(service, { id: created.event_id } as never).filter((p) => p.external_id.startsWith('T'));
      expect(rows).toHaveLength(200);
    } finally {
      await rival.app.close();
      db.close();
      await service.close();
    }
  });
});
