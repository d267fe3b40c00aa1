import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assertBuilt, buildTestCli, ROOT, spawnServe, TEST_CLI } from '../support/built-cli';
import { openMirrorFor } from '../../src/services/mirror/open';
import { draftById, listDrafts } from '../../src/services/mirror/queries/drafts/drafts';
import { eventByExternalId, learnEventId } from '../../src/services/mirror/queries/imports/events';
import { actionsOfImport } from '../../src/services/mirror/queries/imports/import-actions';
import { importOfDraft } from '../../src/services/mirror/queries/imports/imports';
import { opsOfEntity } from '../../src/services/mirror/queries/outbox/outbox';
import { parserResultOf } from '../../src/services/mirror/queries/imports/parser-results';

// The built `muster push` killed with SIGKILL right after each state transition of the
// import chain (MUSTER_CRASH_AFTER, the test build's crash hook), then `muster sync`: every
// time exactly one import and one action exist on the service for the draft, and the mirror
// agrees. About 40 spawns of the built CLI: ~30 s alone on two cores; the timeout leaves room
// for a loaded machine running the whole suite at once.
const tmp = mkdtempSync(join(tmpdir(), 'muster-sync-crash-'));
let server: ChildProcessWithoutNullStreams;
let url = '';
let token = '';
const EVENT = 4711;
const ROWS = 200;

beforeAll(async () => {
  assertBuilt();
  buildTestCli();
  // A slow job (small chunks with pauses), so the poll surely sees it running.
  ({ child: server, url } = await spawnServe(['--port', '0', '--data', join(tmp, 'service'), '--seed', 'demo', '--tokens-out', join(tmp, 'tokens.json'), '--job-chunk-size', '40', '--job-pause-ms', '40']));
  token = JSON.parse(readFileSync(join(tmp, 'tokens.json'), 'utf8')).tokens[0].token;
}, 60_000);
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

const sheetFor = (prefix: string) => {
  const file = join(tmp, `${prefix}.csv`);
  writeFileSync(file, ['External ID,Name,E-Mail', ...Array.from({ length: ROWS }, (_, i) => `${prefix}-${i},Crash ${i},${prefix}.${i}@example.com`)].join('\n'));
  return file;
};

const run = (args: string[], env: Record<string, string>) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((done) => {
    const child = spawn(process.execPath, [TEST_CLI, ...args], { cwd: ROOT, env: { ...process.env, MUSTER_TOKEN: token, ...env } });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (code, signal) => done({ code, signal, stderr }));
  });

async function get(path: string) {
  return (await (await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()).response;
}

const CHAIN = [
  'claimed:import.create', 'remote_ref:import.create', 'completed:import.create',
  'claimed:import.parser', 'completed:import.parser',
  'claimed:import.act', 'remote_ref:import.act', 'completed:import.act',
  'claimed:import.poll', 'waiting:import.poll', 'completed:import.poll',
  'claimed:import.refresh', 'completed:import.refresh',
];
const DIRECT = ['claimed:import.create', 'remote_ref:import.create', 'completed:import.create', 'waiting:import.poll', 'completed:import.poll'];
const POINTS = [...CHAIN.map((point) => ({ point, direct: false })), ...DIRECT.map((point) => ({ point, direct: true }))].map((p, i) => ({ ...p, prefix: `k${i}` }));

it('resumes a push killed at every state transition and ends with exactly one import and one action', async () => {
  // A first, uninterrupted push learns the event's internal id.
  const seedData = join(tmp, 'seed');
  const seeded = await run(['push', sheetFor('seed'), '--event', String(EVENT), '--server', url, '--data', seedData], {});
  expect(seeded.code, seeded.stderr).toBe(0);
  const seed = openMirrorFor(seedData, url, 'default');
  const eventId = eventByExternalId(seed, EVENT)!.eventId!;
  seed.close();

  // Each point gets its own mirror (knowing the event, as after a pull) and its own rows, and
  // three run at once: one crashed push, then one sync, per point.
  const queue = [...POINTS];
  const worker = async () => {
    for (let p = queue.shift(); p; p = queue.shift()) {
      const data = join(tmp, p.prefix);
      const db = openMirrorFor(data, url, 'default');
      learnEventId(db, EVENT, eventId);
      db.close();
      const where = ['--server', url, '--data', data];
      const [type, kind] = p.point.split(':');
      const crashed = await run(['push', sheetFor(p.prefix), '--event', String(EVENT), ...(p.direct ? ['--direct'] : []), ...where], { MUSTER_CRASH_AFTER: `${type}:1:${kind}` });
      expect(crashed.signal, `${p.point}${p.direct ? ' (direct)' : ''} did not crash: ${crashed.stderr}`).toBe('SIGKILL');
      const resumed = await run(['sync', ...where], {});
      expect(resumed.code, `${p.point}: ${resumed.stderr}`).toBe(0);
    }
  };
  await Promise.all([worker(), worker(), worker()]);

  // On the service: which imports hold whose rows (by the external ids' prefix).
  const byPrefix = new Map<string, number[]>();
  for (const i of (await get(`/api/v1/participant_imports?event_id=${eventId}`)).participant_imports as { id: number }[]) {
    const prefix = String((await get(`/api/v1/participant_imports/${i.id}/parser`)).participants[0].external_id).split('-')[0];
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), i.id]);
  }
  for (const { point, direct, prefix } of POINTS) {
    const label = `${point}${direct ? ' (direct)' : ''}`;
    const made = byPrefix.get(prefix) ?? [];
    expect(made, label).toHaveLength(1);
    const actions = (await get(`/api/v1/participant_import_actions?participant_import_id=${made[0]}`)).participant_import_actions as { id: number; status: string }[];
    expect(actions.map((a) => a.status), label).toEqual(['completed']);

    const db = openMirrorFor(join(tmp, prefix), url, 'default');
    try {
      const [draft] = listDrafts(db);
      expect(draftById(db, draft.id)!.state, label).toBe('pushed');
      expect(importOfDraft(db, draft.id)!.id, label).toBe(made[0]);
      const mirrored = actionsOfImport(db, made[0]);
      expect(mirrored.map((a) => [a.id, a.status, a.result?.total]), label).toEqual([[actions[0].id, 'completed', ROWS]]);
      if (!direct) expect(parserResultOf(db, made[0])!.participants, label).toHaveLength(ROWS);
      expect(opsOfEntity(db, 'draft', draft.id).map((op) => op.state), label).toEqual(Array(direct ? 3 : 5).fill('done'));
    } finally {
      db.close();
    }
  }
}, 150_000);
