import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushCommand } from '../../../src/cli/commands/push';
import { statusCommand } from '../../../src/cli/commands/status';
import { syncCommand } from '../../../src/cli/commands/sync';
import type { Io } from '../../../src/cli/io';
import { firstApplicationOf, issueToken } from '../../../src/server/store/companies';
import type { EventRow } from '../../../src/server/store/events';
import { freshEvent, participantsOf } from '../../support/events';
import { startTestService, type TestService } from '../../support/service';
import { serviceCounts } from '../services/sync/push-fixture';

// `muster push`, `sync` and `status` in-process against the real service on loopback.
let service: TestService;
const dir = mkdtempSync(join(tmpdir(), 'muster-cli-push-'));
beforeAll(async () => {
  service = await startTestService({ faults: {} });
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => void service.faults!.clear());

type Env = Record<string, string | undefined>;
type Command = (args: string[], io: Io, env: Env) => Promise<number>;

async function run(command: Command, args: string[], env: Env = { MUSTER_TOKEN: service.token }) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t) };
  return command(args, io, env).then(
    (code) => ({ code, out: out.join('\n'), err: err.join('\n') }),
    (error: Error & { exitCode?: number }) => ({ code: error.exitCode ?? -1, out: out.join('\n'), err: `${err.join('\n')}\n${error.message}` }),
  );
}

let sheets = 0;
function sheet(rows: string[]): string {
  const file = join(dir, `list-${++sheets}.csv`);
  writeFileSync(file, ['External ID,Name,E-Mail,Gender', ...rows].join('\n'));
  return file;
}
const GOOD = ['e1,Ada Lovelace,ada@example.com,Female', 'e2,Alan Turing,alan@example.com,Male'];
const pushArgs = (file: string, event: EventRow, data: string, ...more: string[]) => [file, '--event', String(event.external_event_id), '--server', service.url, '--data', data, ...more];

describe('muster push', () => {
  it('pushes a sheet through the outbox and prints the result; --json gives the ids, status and result', async () => {
    const event = freshEvent(service);
    const data = join(dir, 'one');
    const text = await run(pushCommand, pushArgs(sheet(GOOD), event, data));
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^Pushed list-\d+\.csv → event \d+ \(import \d+, action \d+\): 2 participants, 2 created, 0 updated\.$/);
    expect(text.err).toContain('Pushing 2 participants');
    expect(text.err).toMatch(/Import action \d+ completed\./);
    expect(text.err).not.toContain('\u001b['); // no terminal escapes

    const json = await run(pushCommand, pushArgs(sheet(GOOD), event, data, '--json', '--only-demographics', '--save-missing-categories=false'));
    expect(json.code).toBe(0);
    const answer = JSON.parse(json.out);
    expect(answer).toMatchObject({ status: 'completed', result: { total: 2, updated: 2 }, disagreements: [], draft_id: 2 });
    const action = (await service.client().get(`/api/v1/participant_import_actions/${answer.action_id}`)).body.response;
    expect(action).toMatchObject({ participant_import_id: answer.import_id, only_demographics: true, save_missing_categories: false, skip_invalid: false });
    expect(await serviceCounts(service, event)).toEqual({ imports: 2, actions: 2 });
  });

  it('refuses a sheet with invalid rows unless --skip-invalid, which sends the action with skip_invalid', async () => {
    const event = freshEvent(service);
    const data = join(dir, 'invalid');
    const file = sheet([...GOOD, 'e3,No Mail,,Male']);
    const refused = await run(pushCommand, pushArgs(file, event, data));
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/1 of 3 rows are invalid \(sheet row 4\);.*--skip-invalid/);
    expect(await serviceCounts(service, event)).toEqual({ imports: 0, actions: 0 });
    const pushed = await run(pushCommand, pushArgs(file, event, data, '--skip-invalid', '--json'));
    expect(JSON.parse(pushed.out)).toMatchObject({ status: 'completed', result: { created: 2, skipped_invalid: 1 } });
    expect(participantsOf(service, event)).toHaveLength(2);
  });

  it('takes the direct path with --direct', async () => {
    const event = freshEvent(service);
    const pushed = await run(pushCommand, pushArgs(sheet(GOOD), event, join(dir, 'direct'), '--direct', '--json'));
    expect(pushed.code).toBe(0);
    expect(JSON.parse(pushed.out)).toMatchObject({ status: 'completed', disagreements: null });
    const imported = (await service.client().get(`/api/v1/participant_imports/${JSON.parse(pushed.out).import_id}`)).body.response;
    expect(imported.act_if_valid).toBe(true);
  });

  it('a mapping it cannot remember is a usage error (exit 2) in one sentence, and nothing is pushed', async () => {
    const event = freshEvent(service);
    const data = join(dir, 'memory-folder');
    mkdirSync(join(data, 'mappings.json'), { recursive: true });
    const refused = await run(pushCommand, pushArgs(sheet(GOOD), event, data, '--map', 'Gender=ignore'));
    expect(refused.code).toBe(2);
    expect(refused.err.trim()).toBe(`the mapping cannot be remembered in ${join(data, 'mappings.json')}: it is a folder, not a file; move that folder away.`);
    expect(await serviceCounts(service, event)).toEqual({ imports: 0, actions: 0 });
  });

  it('never takes the token as an argument, and says so when it is missing', async () => {
    const event = freshEvent(service);
    const args = pushArgs(sheet(GOOD), event, join(dir, 'tokens'));
    expect(await run(pushCommand, [...args, '--token', 'abc'])).toMatchObject({ code: 2, err: expect.stringContaining('never taken as an argument') });
    expect(await run(pushCommand, args, {})).toMatchObject({ code: 2, err: expect.stringContaining('MUSTER_TOKEN') });
    const file = join(dir, 'token.txt');
    writeFileSync(file, `  ${service.token}\n`);
    expect((await run(pushCommand, [...args, '--token-file', file], {})).code).toBe(0);
  });

  it('a refused token exits 3 and leaves the push paused; muster sync with a new token finishes it once', async () => {
    const event = freshEvent(service);
    const data = join(dir, 'expired');
    const app = firstApplicationOf(service.context.db, 1)!;
    const old = issueToken(service.context.db, app, new Date(), null).token;
    service.faults!.when({ method: 'POST', path: '/api/v1/participant_import_actions' }, { kind: 'expire-token' });
    const pushed = await run(pushCommand, pushArgs(sheet(GOOD), event, data), { MUSTER_TOKEN: old });
    expect(pushed.code).toBe(3);
    expect(pushed.err).toContain('the token was refused; give a new one with MUSTER_TOKEN and run muster sync');

    const status = await run(statusCommand, ['--server', service.url, '--data', data, '--json'], {});
    const [mirror] = JSON.parse(status.out).mirrors;
    expect(mirror.outbox).toMatchObject({ pausedReason: 'unauthorized', counts: { pending: 3, done: 2 } });
    expect(mirror.drafts[0]).toMatchObject({ state: 'pushing', error: expect.stringContaining('token') });

    const synced = await run(syncCommand, ['--server', service.url, '--data', data], { MUSTER_TOKEN: issueToken(service.context.db, app, new Date(), null).token });
    expect(synced.code).toBe(0);
    expect(synced.out).toMatch(/Outbox: 0 waiting, 0 being sent, 5 sent, 0 refused, 0 blocked\./);
    expect(synced.out).toMatch(/draft 1 list-\d+\.csv → event \d+: pushed, import \d+, action \d+ completed 2\/2/);
    expect(await serviceCounts(service, event)).toEqual({ imports: 1, actions: 1 });
  });

  it('push --resume finishes the push an earlier run left paused and prints its result', async () => {
    const event = freshEvent(service);
    const data = join(dir, 'resume');
    const app = firstApplicationOf(service.context.db, 1)!;
    service.faults!.when({ method: 'GET', path: '/api/v1/participant_import_actions/:id' }, { kind: 'expire-token' });
    const first = await run(pushCommand, pushArgs(sheet(GOOD), event, data, '--direct'), { MUSTER_TOKEN: issueToken(service.context.db, app, new Date(), null).token });
    expect(first.code).toBe(3);
    const fresh = { MUSTER_TOKEN: issueToken(service.context.db, app, new Date(), null).token };
    const resumed = await run(pushCommand, ['--resume', '--server', service.url, '--data', data, '--json'], fresh);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.out)).toMatchObject({ status: 'completed', draft_id: 1, draft_state: 'pushed' });
    expect(await serviceCounts(service, event)).toEqual({ imports: 1, actions: 1 });
    expect((await run(pushCommand, ['--resume', '--server', service.url, '--data', join(dir, 'nothing')], fresh)).code).toBe(1);
  });

  it('an answer lost after the import was committed still ends with one import', async () => {
    const event = freshEvent(service);
    service.faults!.when({ method: 'POST', path: '/api/v1/participant_imports' }, { kind: '503-after' });
    const pushed = await run(pushCommand, pushArgs(sheet(GOOD), event, join(dir, 'lost')));
    expect(pushed.code).toBe(0);
    expect(pushed.err).toMatch(/While creating the import: The service failed while handling the request \(503\)/);
    expect(await serviceCounts(service, event)).toEqual({ imports: 1, actions: 1 });
  });

  it('a service that asks to come back much later ends the run with exit 4; the push stays saved', async () => {
    const event = freshEvent(service);
    const data = join(dir, 'later');
    service.faults!.when({ method: 'POST', path: '/api/v1/participant_imports' }, { kind: '429', retryAfter: 120 });
    const pushed = await run(pushCommand, pushArgs(sheet(GOOD), event, data));
    expect(pushed.code).toBe(4);
    expect(pushed.err).toMatch(/the service cannot be reached now \(The service is receiving too many requests; syncing resumes in 120 s\.\); the push is saved: run `muster sync --server http:\/\/127\.0\.0\.1:\d+` to finish it\./);
    const status = JSON.parse((await run(statusCommand, ['--server', service.url, '--data', data, '--json'], {})).out).mirrors[0];
    expect(status.outbox.counts).toMatchObject({ pending: 5, done: 0 });
    expect(status.outbox.nextAttemptAt - Date.now()).toBeGreaterThan(100_000);
    expect(await serviceCounts(service, event)).toEqual({ imports: 0, actions: 0 });

    // The person runs sync when the service is back: it tries at once instead of giving up
    // on a backoff that still has two minutes to run.
    const synced = await run(syncCommand, ['--server', service.url, '--data', data]);
    expect(synced.code).toBe(0);
    expect(await serviceCounts(service, event)).toEqual({ imports: 1, actions: 1 });
  });

  it('the same file pushed again after a refused token continues the saved push with the new token: one import', async () => {
    const event = freshEvent(service);
    const data = join(dir, 'again');
    const file = sheet(GOOD);
    const refused = await run(pushCommand, pushArgs(file, event, data), { MUSTER_TOKEN: 'mst_not-a-token' });
    expect(refused.code).toBe(3);
    const again = await run(pushCommand, pushArgs(file, event, data));
    expect(again.code).toBe(0);
    expect(again.err).toMatch(/An earlier push of .*list-\d+\.csv to event \d+ is unfinished \(draft 1\); continuing it/);
    expect(await serviceCounts(service, event)).toEqual({ imports: 1, actions: 1 });
  });

  it('a refused push exits 1 with the sentence, and status shows it', async () => {
    const data = join(dir, 'refused');
    const pushed = await run(pushCommand, pushArgs(sheet(GOOD), { external_event_id: 99_999_999 } as EventRow, data));
    expect(pushed.code).toBe(1);
    expect(pushed.out).toMatch(/The push of list-\d+\.csv → event 99999999 failed: The service has no such record \(404\)/);
    const status = await run(statusCommand, ['--data', data], {});
    expect(status.code).toBe(0);
    expect(status.out).toMatch(/Outbox: 0 waiting, 0 being sent, 0 sent, 1 refused, 4 blocked\./);
    expect(status.out).toMatch(/draft 1 .*: failed — The service has no such record/);
  });
});

describe('demographic values the event does not know', () => {
  it('are left out unless --save-missing-categories asks to add them, and the push says so', async () => {
    const event = freshEvent(service);
    const data = join(dir, 'catalog');
    // The first push teaches the mirror the event's catalog.
    expect((await run(pushCommand, pushArgs(sheet(GOOD), event, data))).code).toBe(0);
    const typo = sheet(['e3,Cleo,cleo@example.com,Weiblich']);
    const left = await run(pushCommand, pushArgs(typo, event, data));
    expect(left.code).toBe(0);
    expect(left.err).toContain(`1 demographic value is not in event ${event.external_event_id}'s catalog (“Gender: Weiblich”); they are left out. Push with --save-missing-categories to add them to the event.`);
    const names = () => service.context.db.prepare('SELECT d.name FROM demographics d JOIN demographic_categories c ON c.id = d.category_id WHERE c.event_id = ?').pluck().all(event.id);
    expect(names()).not.toContain('Weiblich');

    const added = await run(pushCommand, pushArgs(sheet(['e4,Dora,dora@example.com,Weiblich']), event, data, '--save-missing-categories'));
    expect(added.err).toContain('they are added to the event, as --save-missing-categories asks.');
    expect(names()).toContain('Weiblich');
  });
});

describe('a first push to a service that does not answer', () => {
  it('saves nothing and says so, exit 4, so a mistyped address leaves no mirror behind', async () => {
    const data = join(dir, 'mistyped');
    const event = freshEvent(service);
    const file = sheet(GOOD);
    const args = [file, '--event', String(event.external_event_id), '--server', 'http://127.0.0.1:9', '--data', data];
    const result = await run(pushCommand, args);
    expect(result.code).toBe(4);
    expect(result.err).toMatch(/Could not connect to the service \(connection refused\).*Nothing was saved; check the server address\.$/);
    expect(existsSync(data) ? readdirSync(data).filter((name) => name.startsWith('mirror-')) : []).toEqual([]);
  });
});
