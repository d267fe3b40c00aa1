import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { freshEvent } from '../../support/events';
import { startTestService, type TestService } from '../../support/service';

// `muster import` over a real mirror and the reference service, on an import made through the service's own interface.
let service: TestService;
const dir = mkdtempSync(join(tmpdir(), 'muster-cli-import-'));
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
  process.env.MUSTER_TOKEN = service.token;
  try {
    const code = await main(args, { out: (t) => void out.push(t), err: (t) => void err.push(t) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  } finally {
    delete process.env.MUSTER_TOKEN;
  }
}

it('shows an import made elsewhere, acts on it with flags, saves its document and destroys it only with --yes', async () => {
  const event = freshEvent(service);
  const people = [
    { external_id: 'c1', name: 'Ada', email: 'ada@example.com' },
    { external_id: 'c2', name: 'Bo', email: 'bo(at)example' },
  ];
  const created = await service.client().post('/api/v1/participant_imports', { external_event_id: event.external_event_id, act_if_valid: false, participants: people });
  const id = String(created.body.response.id);
  const place = ['--server', service.url, '--data', join(dir, 'data')];

  const shown = await muster(['import', 'show', id, ...place]);
  expect(shown.code).toBe(0);
  expect(shown.out).toContain(`Import ${id}`);
  expect(shown.out).toContain('The service reads 1 of 2 participants as invalid');
  expect(shown.out).toMatch(/row 2: Bo — invalid email/);
  const json = JSON.parse((await muster(['import', 'show', id, ...place, '--json'])).out);
  expect(json.parsed.map((p: { invalid_fields: string[] }) => p.invalid_fields)).toEqual((await service.client().get(`/api/v1/participant_imports/${id}/parser`)).body.response.participants.map((p: { invalid_fields: string[] }) => p.invalid_fields));

  const acted = await muster(['import', 'act', id, ...place, '--skip-invalid']);
  expect(acted).toMatchObject({ code: 0 });
  expect(acted.out).toMatch(new RegExp(`^Import action \\d+ on import ${id} completed: 2 participants: 1 created, 0 updated, 1 invalid skipped\\.$`));
  expect((await muster(['import', 'show', id, ...place])).out).toMatch(/action \d+ \(save_missing_categories, skip_invalid\): completed/);

  const file = join(dir, 'doc.xlsx');
  const exported = await muster(['import', 'export', id, '--out', file, ...place]);
  expect(exported.code).toBe(0);
  expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');

  // A new list of its participants as the service read them: the event is said where this computer has not learned it.
  expect(await muster(['import', 'draft', id, ...place])).toMatchObject({ code: 2, err: expect.stringContaining('Which event import') });
  const drafted = await muster(['import', 'draft', id, ...place, '--event', String(event.external_event_id), '--json']);
  expect(drafted.code, drafted.err).toBe(0);
  expect(JSON.parse(drafted.out).check).toMatchObject({ name: expect.stringMatching(new RegExp(`^Import ${id}\\b`)), externalEventId: event.external_event_id, rows: 2, invalidRows: 1 });

  const asked = await muster(['import', 'destroy', id, ...place]);
  expect(asked.code).toBe(1);
  expect(asked.out).toContain(`Destroying import ${id} removes it from the service with its 2 submitted participants`);
  expect(asked.out).toContain('Nothing was changed yet: add --yes to destroy it.');
  expect((await service.client().get(`/api/v1/participant_imports/${id}`)).status).toBe(200);

  expect(await muster(['import', 'destroy', id, ...place, '--yes'])).toMatchObject({ code: 0, out: `Import ${id} is destroyed on the service and forgotten here.` });
  expect((await service.client().get(`/api/v1/participant_imports/${id}`)).status).toBe(404);
  expect(await muster(['import', 'show', id, ...place])).toMatchObject({ code: 1, err: expect.stringContaining(`Import ${id} is not on the service`) });
});

it.each([
  [['import', 'look', '3'], 'say what to do with the import: muster import show|act|destroy|export|draft ID --server URL.'],
  [['import', 'show', 'x'], 'give the import’s id, a positive whole number, as in muster import show 12 --server URL.'],
  [['import', 'show', '3', '--skip-invalid'], 'the import flags go with muster import act, not show.'],
  [['import', 'export', '3'], '--out FILE is required: where to save the document.'],
])('answers %j in a sentence', async (args, sentence) => {
  expect(await muster([...args, '--server', service.url])).toEqual({ code: 2, out: '', err: `muster import: ${sentence}` });
});
