import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startTestService, waitForAction } from '../../support/service';
import { participantsOf } from '../../support/events';

const dataDir = mkdtempSync(join(tmpdir(), 'muster-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('resumes a running import action after the service stops, writing every participant once', async () => {
  const participants = Array.from({ length: 200 }, (_, i) => ({ external_id: `E${i}`, name: `P${i}`, email: `p${i}@example.com` }));
  const first = await startTestService({ dataDir, jobs: { chunkSize: 10, pauseMs: 25 } });
  const api = first.client();
  const created = (await api.post('/api/v1/participant_imports', { external_event_id: 4711, act_if_valid: true, participants })).body.response;
  const actionId = created.participant_import_action_id;
  let action;
  do {
    await new Promise((r) => setTimeout(r, 20));
    action = (await api.get(`/api/v1/participant_import_actions/${actionId}`)).body.response;
  } while (action.progress.processed < 30);
  await first.close();

  const stopped = (await import('../../../src/server/db/open')).openServiceDb(join(dataDir, 'service.sqlite'));
  const row = stopped.prepare('SELECT status, progress_processed FROM participant_import_actions WHERE id = ?').get(actionId) as { status: string; progress_processed: number };
  stopped.close();
  expect(row.status).toBe('running');
  expect(row.progress_processed).toBeGreaterThan(0);
  expect(row.progress_processed).toBeLessThan(200);

  const second = await startTestService({ dataDir, jobs: { chunkSize: 10 } });
  try {
    const done = await waitForAction(second.client(), actionId);
    expect(done.status).toBe('completed');
    expect(done.result).toMatchObject({ total: 200, created: 200, updated: 0 });
    const rows = participantsOf(second, { id: created.event_id } as never);
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.external_id)).size).toBe(200);
  } finally {
    await second.close();
  }
});
