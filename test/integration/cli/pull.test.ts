import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { pullCommand } from '../../../src/cli/commands/pull';
import { openMirrorFor } from '../../../src/services/mirror/open';
import { eventByExternalId, learnEventId, rememberEvent } from '../../../src/services/mirror/queries/imports/events';
import { actionsOfImport } from '../../../src/services/mirror/queries/imports/import-actions';
import { importsOfEvent } from '../../../src/services/mirror/queries/imports/imports';
import { countByState } from '../../../src/services/mirror/queries/subjects/subjects';
import { freshEvent } from '../../support/events';
import { startTestService, waitForAction, type TestService } from '../../support/service';

let service: TestService;
const dir = mkdtempSync(join(tmpdir(), 'muster-cli-pull-'));
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

function run(args: string[], env: Record<string, string | undefined> = { MUSTER_TOKEN: service.token }) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t) };
  return pullCommand(args, io, env).then(
    (code) => ({ code, out: out.join(''), err: err.join('') }),
    (error: Error & { exitCode?: number }) => ({ code: error.exitCode ?? -1, out: out.join(''), err: error.message }),
  );
}

describe('muster pull', () => {
  it('lists the imports of an event known only by its external id, and learns its id from them', async () => {
    const data = join(dir, 'by-external');
    const event = freshEvent(service);
    const empty = freshEvent(service);
    const api = service.client();
    expect((await api.post('/api/v1/participant_imports', { external_event_id: event.external_event_id, participants: [] })).status).toBe(201);
    const seeded = openMirrorFor(data, service.url, 'default');
    rememberEvent(seeded, event.external_event_id);
    rememberEvent(seeded, empty.external_event_id);
    rememberEvent(seeded, 987654321);
    seeded.close();

    const pulled = await run(['--server', service.url, '--data', data, '--json']);
    expect(pulled.code, pulled.err).toBe(0);
    // The event with no import yet and the one the service lacks stay unlinked, skipped.
    expect(JSON.parse(pulled.out).imports).toEqual({ events: 1, skippedEvents: 2, imports: 1, actions: 0, removed: 0 });
    const mirror = openMirrorFor(data, service.url, 'default');
    expect(eventByExternalId(mirror, event.external_event_id)?.eventId).toBe(event.id);
    expect(importsOfEvent(mirror, event.id)).toHaveLength(1);
    mirror.close();
  });

  it('mirrors subjects, and the imports and actions of known events, printing the counts', async () => {
    const data = join(dir, 'a');
    const event = freshEvent(service);
    const api = service.client();
    const made = await api.post('/api/v1/participant_imports', { external_event_id: event.external_event_id, act_if_valid: true, participants: [{ name: 'A', email: 'a@example.com' }] });
    expect(made.status).toBe(201);
    const importId = made.body.response.id as number;
    const actions = await api.get(`/api/v1/participant_import_actions?participant_import_id=${importId}`);
    await waitForAction(api, actions.body.response.participant_import_actions[0].id);
    const seeded = openMirrorFor(data, service.url, 'default');
    learnEventId(seeded, event.external_event_id, event.id);
    seeded.close();

    const total = Number((await api.post('/api/v1/subjects/search', { include_archived: true, per: 1 })).headers.get('x-total-count'));
    const first = await run(['--server', service.url, '--data', data]);
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toContain(`Pulled ${total} subjects: ${total} new, 0 changed, 0 conflicts, 0 deleted on the service.`);
    expect(first.out).toContain('Pulled 1 import and 1 action of 1 event.');

    const again = await run(['--server', service.url, '--data', data, '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toEqual({
      imports: { events: 1, skippedEvents: 0, imports: 1, actions: 1, removed: 0 },
      subjects: { pulled: total, new: 0, changed: 0, conflicts: 0, deleted: 0, gone: 0 },
      campaigns: { campaigns: 0, standings: 0, refused: 0 },
    });
    const db = openMirrorFor(data, service.url, 'default');
    expect(countByState(db).synced).toBe(total);
    expect(importsOfEvent(db, event.id).map((i) => i.id)).toEqual([importId]);
    expect(actionsOfImport(db, importId)).toHaveLength(1);
    db.close();
  });

  it('follows a campaign when asked, and pulls its standings with every pull after', async () => {
    const data = join(dir, 'campaigns');
    const first = await run(['--server', service.url, '--data', data, '--follow-campaign', '1']);
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toMatch(/Pulled the standings of 1 followed campaign \(\d+ subjects in them\)\./);
    const again = await run(['--server', service.url, '--data', data, '--json']);
    expect(JSON.parse(again.out).campaigns).toMatchObject({ campaigns: 1, refused: 0 });
    const unknown = await run(['--server', service.url, '--data', data, '--follow-campaign', '424242']);
    expect(unknown.out).toContain('The service would not answer for 1 followed campaign; their last standings are kept.');
    expect(await run(['--server', service.url, '--data', data, '--follow-campaign', 'spring'])).toMatchObject({ code: 2, err: '--follow-campaign needs a campaign number, not "spring".' });
  });

  it('reads the token from --token-file and the data folder and account from the environment', async () => {
    const file = join(dir, 'token.txt');
    writeFileSync(file, `${service.token}\n`);
    const result = await run(['--server', service.url, '--token-file', file], { MUSTER_DATA_DIR: join(dir, 'b'), MUSTER_ACCOUNT: 'field' });
    expect(result.code).toBe(0);
    const db = openMirrorFor(join(dir, 'b'), service.url, 'field');
    expect(countByState(db).synced).toBeGreaterThan(0);
    db.close();
  });

  it('answers a refused token with exit 3 and one sentence', async () => {
    const result = await run(['--server', service.url, '--data', join(dir, 'c')], { MUSTER_TOKEN: 'not-a-token' });
    expect(result).toMatchObject({ code: 3, out: '' });
    expect(result.err).toBe('The service did not accept the access token; give a valid one with MUSTER_TOKEN or --token-file. What was pulled before is kept.');
  });

  it.each([
    [[], {}, /--server URL is required/],
    [['--server', 'http://example.com'], {}, /must start with https:\/\//],
    [['--server', 'http://127.0.0.1:1'], {}, /no access token: set MUSTER_TOKEN or give --token-file FILE/],
    [['--server', 'http://127.0.0.1:1', '--token-file', '/nonexistent/token'], {}, /the token file \/nonexistent\/token does not exist; check the path \(it is read from the folder the command runs in\)\./],
    [['--server', 'http://127.0.0.1:1', '--token', 'x'], {}, /the token is never taken as an argument/],
  ])('refuses bad usage with exit 2: %j', async (args, env, message) => {
    const result = await run(args as string[], env);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
    expect(result.err).not.toMatch(/\n\s+at /);
  });

  it('reports an unreachable service in one line, exit 4, and leaves no new mirror behind', async () => {
    const err: string[] = [];
    const previous = process.env.MUSTER_TOKEN;
    process.env.MUSTER_TOKEN = 'x';
    try {
      const code = await main(['pull', '--server', 'http://127.0.0.1:1', '--data', join(dir, 'd')], { out: () => {}, err: (t) => void err.push(t) });
      expect(code).toBe(4);
      expect(readdirSync(join(dir, 'd')).filter((name) => name.endsWith('.sqlite') || name.endsWith('-wal'))).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.MUSTER_TOKEN;
      else process.env.MUSTER_TOKEN = previous;
    }
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^muster pull: Could not connect to the service \(connection refused\)/);
  });
});
