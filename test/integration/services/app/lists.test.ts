/**
 * lists.* of the app's services over a real mirror filled by a real sync: a new list opened
 * as the workspace's draft, walk-ins typed into it, and subjects added to that same open list,
 * which the workspace then reads with every row (the open session and the mirror agree).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppApi } from '../../../../src/core/contract/app-api';
import { createAppService, type AppService } from '../../../../src/services/app/app-api';
import { startTestService, type TestService } from '../../../support/service';

let service: TestService;
let dataDir: string;
let app: AppService;
let api: AppApi;

beforeAll(async () => {
  service = await startTestService();
  dataDir = mkdtempSync(join(tmpdir(), 'muster-app-lists-'));
  app = createAppService({ dataDir });
  api = app.api;
  await api['accounts.add']({ label: 'Lab', serverUrl: service.url, token: service.token });
  await api['events.add']({ externalEventId: 4711 });
  await api['subjects.follow'](1);
  expect(await api['sync.now']()).toMatchObject({ online: true, error: null });
}, 30_000);

afterAll(async () => {
  await app?.close();
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('lists without a spreadsheet', () => {
  it('adds subjects to the open list the person typed into, saying who was in it already, one undo away', async () => {
    const opened = await api['lists.new']({ externalEventId: 4711, name: 'Walk-ins' });
    const id = opened.draft.id;
    expect(opened.draft).toMatchObject({ name: 'Walk-ins', rows: 0 });
    // A walk-in typed first who is also one of the campaign's people, by e-mail.
    const { rows: [anna] } = await api['subjects.search']({ search_term: 'anna smith' });
    await api['drafts.paste'](id, { edits: [], rows: [[{ field: 'name', value: 'Anna S.' }, { field: 'email', value: anna.email! }]] });
    expect(await api['lists.ofEvent'](4711)).toEqual([{ id, name: 'Walk-ins', rows: 1 }]);

    const choice = { externalEventId: 4711, selection: { filters: { recruiting_campaign_id: 1 } }, draftId: id };
    const plan = await api['lists.planSubjects'](choice);
    expect(plan.repeats.map((r) => r.email)).toEqual([anna.email]);
    const added = await api['lists.addSubjects'](choice);
    expect(added).toEqual({ draftId: id, plan });
    const page = await api['drafts.page'](id, {});
    expect(page.draft.rows).toBe(1 + plan.adding);
    expect(page.rows.slice(1).map((r) => r.cells.external_id).every((x) => /^\d+$/.test(x))).toBe(true);
    expect((await api['drafts.undo'](id)).draft.rows).toBe(1);
  });

  it('refuses to add to a list of another event, in words', async () => {
    const other = await api['lists.new']({ externalEventId: 4711, name: 'Other' });
    await expect(api['lists.addSubjects']({ externalEventId: 999, selection: { filters: {} }, draftId: other.draft.id })).rejects.toThrow(`Draft ${other.draft.id} is a list of event 4711, not of event 999.`);
  });
});
