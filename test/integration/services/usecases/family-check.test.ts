/**
 * A family already pushed to an event from this computer: `muster check --event` and the
 * app's workspace both see that a row with only the family's e-mail cannot say which of them
 * it is. The real service and a real mirror.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkCommand } from '../../../../src/cli/commands/check';
import { pushDraft, type MirrorPlace } from '../../../../src/services/usecases';
import { openSheetAsDraft } from '../../../support/draft-once';
import { freshEvent } from '../../../support/events';
import { startTestService, type TestService } from '../../../support/service';

let service: TestService;
let place: MirrorPlace;
let externalEventId: number;
const dir = mkdtempSync(join(tmpdir(), 'muster-family-'));
const sheet = (file: string, rows: string[]) => {
  const path = join(dir, file);
  writeFileSync(path, ['ID,Name,E-mail', ...rows].join('\n'));
  return path;
};

beforeAll(async () => {
  service = await startTestService();
  place = { dataDir: join(dir, 'data'), serverUrl: service.url, account: 'default' };
  externalEventId = freshEvent(service).external_event_id;
  const { draft } = await openSheetAsDraft(place, { file: sheet('family.csv', ['F1,Fam Parent,family@example.com', 'F2,Fam Child,family@example.com']), externalEventId });
  const pushed = await pushDraft({ ...place, token: () => service.token }, draft.id, {});
  expect(pushed.status).toMatchObject({ state: 'pushed', result: expect.objectContaining({ created: 2 }) });
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

async function check(args: string[]) {
  const out: string[] = [];
  const code = await checkCommand(args, { out: (t) => void out.push(t), err: (t) => void out.push(t) }, { MUSTER_DATA_DIR: place.dataDir });
  return { code, text: out.join('\n') };
}

it('muster check --event reports the row as a conflict with the family', async () => {
  const file = sheet('intruder.csv', [',Intruder,FAMILY@example.com', ',Someone,someone@example.com']);
  const { text } = await check([file, '--event', String(externalEventId), '--server', service.url, '--json']);
  const report = JSON.parse(text);
  expect(report.participants.map((p: { identity_conflict: string | null }) => p.identity_conflict)).toEqual(['email_of_several_people', null]);
  expect(report.summary).toMatchObject({ total: 2, identity_conflicts: 1 });
  const table = await check([file, '--event', String(externalEventId)]);
  expect(table.text).toContain('belongs to several participants of the event');
});

it('muster check without --event knows nothing of the family and says nothing', async () => {
  const { text } = await check([sheet('plain.csv', [',Intruder,family@example.com']), '--json']);
  expect(JSON.parse(text).participants[0].identity_conflict).toBeNull();
});

it('the app’s workspace lists the conflict among the row’s problems', async () => {
  const page = await openSheetAsDraft(place, { file: sheet('app.csv', [',Intruder,family@example.com']), externalEventId });
  expect(page.rows[0]).toMatchObject({ sharesEmail: true, problems: [{ kind: 'email_of_several_participants' }] });
});
