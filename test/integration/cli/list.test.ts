/**
 * `muster list` over a mirror pulled from the real reference service: an empty list, and a
 * list of a campaign's subjects made offline, each printing its draft id and its check.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { DraftSession, pullMirror } from '../../../src/services/usecases';
import { startTestService, type TestService } from '../../support/service';

let service: TestService;
const dir = mkdtempSync(join(tmpdir(), 'muster-cli-list-'));
const data = join(dir, 'data');
beforeAll(async () => {
  service = await startTestService();
  await pullMirror({ dataDir: data, serverUrl: service.url, account: 'default', token: () => service.token }, { follow: [1] });
  // Offline from here on: nothing the commands do may need the service.
  await service.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function muster(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => void out.push(t), err: (t) => void err.push(t) });
  return { code, out: out.join(''), err: err.join('') };
}
const where = () => ['--server', service.url, '--data', data];

describe('muster list', () => {
  it('new makes an empty list of the event and prints its id and check', async () => {
    const run = await muster(['list', 'new', '--event', '4711', ...where(), '--name', 'Walk-ins', '--json']);
    expect(run.code, run.err).toBe(0);
    const printed = JSON.parse(run.out);
    expect(printed.check).toMatchObject({ id: printed.draft_id, name: 'Walk-ins', externalEventId: 4711, rows: 0 });
  });

  it('from-subjects makes a list of a campaign slice, offline, saying who was left out and the languages to choose', async () => {
    const run = await muster(['list', 'from-subjects', '--event', '4711', ...where(), '--campaign', '1']);
    expect(run.code, run.err).toBe(0);
    const id = Number(/Draft (\d+)/.exec(run.out)?.[1]);
    const session = DraftSession.open({ dataDir: data, serverUrl: service.url, account: 'default' }, id);
    try {
      const added = Number(/Added (\d+) of/.exec(run.out)?.[1]);
      expect(session.summary().rows).toBe(added);
      expect(run.out).toContain(`Draft ${id} “Campaign 1” of event 4711: ${added} rows`);
      expect(run.out).toMatch(/preferred language “en” of \d+ subjects fits en_US, en_AU, en_GB/);
    } finally {
      session.close();
    }
    const json = JSON.parse((await muster(['list', 'from-subjects', '--event', '4711', ...where(), '--campaign', '1', '--locale', 'en=en_GB', '--json'])).out);
    expect(json.subjects.questions).toEqual([]);
  });

  it('answers a missing verb, event or slice without campaign in one sentence, exit 2', async () => {
    expect(await muster(['list', '--event', '4711', ...where()])).toMatchObject({ code: 2, err: expect.stringContaining('muster list: list needs what to do first') });
    expect(await muster(['list', 'new', ...where()])).toMatchObject({ code: 2, err: 'muster list: --event ID is required: the external id of the event the list is for.' });
    expect(await muster(['list', 'from-subjects', '--event', '4711', ...where(), '--slice', 'rank'])).toMatchObject({ code: 2, err: 'muster list: --slice needs --campaign N: a slice is of one campaign.' });
    expect((await muster(['list', 'from-subjects', '--event', '4711', ...where(), '--campaign', '1', '--slice', 'rnk'])).code).toBe(2);
  });
});
