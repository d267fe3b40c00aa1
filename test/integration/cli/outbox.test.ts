import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { startTestService, type TestService } from '../../support/service';

// `muster outbox` over a real mirror, with a push the service refused.
let service: TestService;
const dir = mkdtempSync(join(tmpdir(), 'muster-cli-outbox-'));
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

async function muster(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => void out.push(t), err: (t) => void err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

it('lists a refused push in words, retries it, and discards it only with --yes', async () => {
  const data = join(dir, 'data');
  const file = join(dir, 'list.csv');
  writeFileSync(file, 'External ID,Name,E-mail\nx1,Ada,ada@example.com\n');
  process.env.MUSTER_TOKEN = service.token;
  try {
    // No event carries 999999: the service refuses the import with 404.
    const pushed = await muster(['push', file, '--event', '999999', '--server', service.url, '--data', data]);
    expect(pushed.code).toBe(1);
  } finally {
    delete process.env.MUSTER_TOKEN;
  }
  const place = ['--server', service.url, '--data', data];
  const listed = await muster(['outbox', ...place]);
  expect(listed.code).toBe(0);
  expect(listed.out).toMatch(/^ {2} +\d+ {2}refused {3} {2}Create the import for event 999999 \(list\.csv\) — /m);
  expect(listed.out).toContain('--retry ID (or all) tries again, --discard ID gives the change up.');
  const id = /^ +(\d+) {2}refused/m.exec(listed.out)![1];

  expect(await muster(['outbox', ...place, '--retry', 'all'])).toMatchObject({ code: 0, out: expect.stringContaining('1 change is waiting to be sent again') });
  expect((await muster(['outbox', ...place])).out).toMatch(/waiting +Create the import for event 999999/);

  const asked = await muster(['outbox', ...place, '--discard', id]);
  expect(asked.code).toBe(1);
  expect(asked.out).toBe('The push of list.csv to event 999999 stops here; nothing of it reached the service. The sheet file itself is not touched.\nNothing was changed yet: add --yes to discard it.');
  expect((await muster(['outbox', ...place])).out).toContain('Create the import');

  expect((await muster(['outbox', ...place, '--discard', id, '--yes'])).code).toBe(0);
  expect((await muster(['outbox', ...place])).out).toBe('Nothing is waiting in the outbox.');
  expect((await muster(['status', ...place])).out).toContain('failed');
});
