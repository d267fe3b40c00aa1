import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportFlags } from '../../src/core/contract/imports';
import { DEFAULT_IMPORT_FLAGS } from '../../src/core/contract/imports';
import { openMirror } from '../../src/services/mirror/open';
import { createDraft, setDraftState } from '../../src/services/mirror/queries/drafts/drafts';
import { createRemoteClient } from '../../src/services/remote/client';
import { draftPushStatus, enqueueDraftPush, importHandlers } from '../../src/services/sync/imports';
import { createSyncRunner } from '../../src/services/sync/runner';
import { freshEvent } from '../support/events';
import { startTestService, type TestService } from '../support/service';
import { generateParticipants } from './data';
import { now, seconds, type Benchmark } from './harness';

const COUNT = 50_000;
const FLAGS: ImportFlags = { ...DEFAULT_IMPORT_FLAGS, skip_invalid: true };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Pushing a 50,000-participant draft end to end through the outbox against the floor: a bare
 * POST of the same JSON with act_if_valid true and the action polled directly every 10 ms
 * until the service's own job has ended. Both run in this process against the reference
 * service on loopback, each on a new event, so both create the same 50,000 participants.
 *
 * - `push`: the full chain (create with act_if_valid false, the service's parse read, compared
 *   and stored, the action created and polled to its end, the index refreshed). The parse
 *   step is work the floor does not do at all (the service parses 50,000 rows and sends
 *   ~27 MB; the mirror reads, compares and stores it), so this ratio measures that step.
 * - `push-direct`: `muster push --direct` (act_if_valid true, then poll and refresh): the
 *   outbox's own overhead over the same requests.
 */
export const pushBenchmark = (): Benchmark => benchmark(false);
export const pushDirectBenchmark = (): Benchmark => benchmark(true);

function benchmark(direct: boolean): Benchmark {
  const participants = generateParticipants(COUNT, 11);
  const dir = mkdtempSync(join(tmpdir(), 'muster-bench-push-'));
  let service: TestService;
  let mirrors = 0;

  return {
    name: direct ? 'push-direct' : 'push',
    description: direct
      ? `muster push --direct of ${COUNT} participants through the outbox (create with act_if_valid, poll, refresh)`
      : `muster push of ${COUNT} participants through the outbox (create, parse compare, action, poll, refresh)`,
    items: COUNT,
    unit: 'participants',
    floorName: 'bare POST of the same JSON with act_if_valid true + the service job, polled every 10 ms',
    goal: { ratio: 1.3 },
    setup: async () => {
      service = await startTestService({ dataDir: join(dir, 'service') });
    },
    figure: async () => {
      const event = freshEvent(service);
      const db = openMirror(join(dir, `mirror-${++mirrors}.sqlite`));
      const rows = participants.map((participant, i) => ({ source_row: i + 2, participant }));
      const draft = createDraft(db, { externalEventId: event.external_event_id, source: { name: 'bench.xlsx', size: 1, hash: 'h' }, flags: FLAGS }, rows);
      setDraftState(db, draft.id, 'ready');
      const remote = createRemoteClient({ serverUrl: service.url, token: () => service.token });
      const runner = createSyncRunner({ db, remote, handlers: importHandlers });
      const start = now();
      enqueueDraftPush(db, draft.id, { direct });
      const report = await runner.runUntilIdle({ timeoutMs: 600_000 });
      const elapsed = seconds(start);
      await runner.stop();
      remote.close();
      const status = draftPushStatus(db, draft.id)!;
      db.close();
      if (report.state !== 'idle' || status.state !== 'pushed' || (status.result?.created ?? 0) + (status.result?.skipped_invalid ?? 0) !== COUNT) {
        throw new Error(`the push did not complete: ${report.state} ${JSON.stringify(status)}`);
      }
      return elapsed;
    },
    floor: async () => {
      const event = freshEvent(service);
      const auth = { authorization: `Bearer ${service.token}` };
      const start = now();
      const body = JSON.stringify({ external_event_id: event.external_event_id, act_if_valid: true, participants, ...FLAGS });
      const created = await fetch(`${service.url}/api/v1/participant_imports`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body });
      const actionId = ((await created.json()) as { response: { participant_import_action_id: number } }).response.participant_import_action_id;
      for (;;) {
        const answer = await fetch(`${service.url}/api/v1/participant_import_actions/${actionId}`, { headers: auth });
        const action = ((await answer.json()) as { response: { status: string; result: { created: number; skipped_invalid: number } } }).response;
        if (action.status === 'completed' || action.status === 'failed') {
          const elapsed = seconds(start);
          if (action.result.created + action.result.skipped_invalid !== COUNT) throw new Error(`the floor's action did not complete: ${JSON.stringify(action)}`);
          return elapsed;
        }
        await sleep(10);
      }
    },
    teardown: async () => {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
