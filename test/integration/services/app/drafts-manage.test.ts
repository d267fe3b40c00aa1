/**
 * Drafts a person manages, over a real mirror file: the same file chosen again is known by
 * its content (wherever the copy lies) and can be continued or started over; drafts are
 * renamed and deleted with what that loses; a draft whose push waits in the outbox stays.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppService, type AppService } from '../../../../src/services/app/app-api';
import { openMirrorFor } from '../../../../src/services/mirror/open';
import { freePort } from '../../../support/ports';

const dir = mkdtempSync(join(tmpdir(), 'muster-app-drafts-manage-'));
let app: AppService;
let serverUrl = '';
const sheet = join(dir, 'list.csv');

beforeAll(async () => {
  app = createAppService({ dataDir: join(dir, 'app') });
  // Nothing listens there: the pushes below wait in the outbox, as they do offline.
  serverUrl = `http://127.0.0.1:${await freePort()}`;
  await app.api['accounts.add']({ label: 'Lab', serverUrl, token: 'a-token' });
  writeFileSync(sheet, ['external_id;name;email', 'a1;Ada;ada@example.com', 'b2;Bo;bo@example.com'].join('\n'));
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const grant = (path: string) => app.grantFile(path).grant;
/** The same bytes under another folder, as the preview's upload copies them. */
function copyOf(path: string, folder: string): string {
  mkdirSync(join(dir, folder), { recursive: true });
  const copy = join(dir, folder, 'list.csv');
  copyFileSync(path, copy);
  return copy;
}
const draftsOf = async (event: number) => (await app.api['events.show'](event)).drafts;
const countIn = (table: string) => {
  const db = openMirrorFor(join(dir, 'app'), serverUrl, 'default');
  try {
    return db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
  } finally {
    db.close();
  }
};

describe('the same file chosen again', () => {
  it('is known by its content and event, not by its path, with the draft it made', async () => {
    await app.api['events.add']({ externalEventId: 501 });
    await app.api['events.add']({ externalEventId: 502 });
    const first = await app.api['drafts.open']({ grant: grant(sheet), externalEventId: 501 });
    const again = await app.api['drafts.inspect']({ grant: grant(copyOf(sheet, 'upload-1')), externalEventId: 501 });
    const [listed] = await draftsOf(501);
    expect(again.sameFile).toEqual({ id: first.draft.id, name: 'list.csv', rows: 2, updatedAt: listed.updatedAt, sent: false });
    expect((await app.api['drafts.inspect']({ grant: grant(sheet), externalEventId: 502 })).sameFile).toBeNull();
    const changed = join(dir, 'changed.csv');
    writeFileSync(changed, ['external_id;name;email', 'a1;Ada;ada@example.com'].join('\n'));
    expect((await app.api['drafts.inspect']({ grant: grant(changed), externalEventId: 501 })).sameFile).toBeNull();
  });

  it('starts over from the file: the old draft goes with its edits as the new one is made, its open session closed', async () => {
    const old = (await draftsOf(501))[0];
    await app.api['drafts.edit'](old.id, [{ position: 0, field: 'name', value: 'Ada Lovelace' }]);
    const fresh = await app.api['drafts.open']({ grant: grant(copyOf(sheet, 'upload-2')), externalEventId: 501, replace: old.id });
    expect(fresh.draft.id).not.toBe(old.id);
    expect(fresh.rows.map((r) => r.cells.name)).toEqual(['Ada', 'Bo']);
    expect((await draftsOf(501)).map((d) => d.id)).toEqual([fresh.draft.id]);
    await expect(app.api['drafts.page'](old.id, {})).rejects.toThrow(/no draft|no longer/i);
    expect(countIn('draft_edits')).toBe(0);
  });

  it('refuses to start over from a draft of another event, and keeps both', async () => {
    const other = await app.api['drafts.open']({ grant: grant(sheet), externalEventId: 502 });
    await expect(app.api['drafts.open']({ grant: grant(sheet), externalEventId: 501, replace: other.draft.id })).rejects.toThrow('This draft belongs to event 502, not to event 501.');
    expect((await draftsOf(502)).map((d) => d.id)).toEqual([other.draft.id]);
    expect(await draftsOf(501)).toHaveLength(1);
  });
});

describe('renaming and deleting a draft', () => {
  it('renames it, trimmed, on the event screen and in the workspace; a blank name is refused in a sentence', async () => {
    const [draft] = await draftsOf(501);
    const renamed = await app.api['drafts.rename'](draft.id, '  March recruits  ');
    expect(renamed).toMatchObject({ id: draft.id, name: 'March recruits', rows: 2 });
    expect((await draftsOf(501))[0].name).toBe('March recruits');
    expect((await app.api['drafts.page'](draft.id, {})).draft.name).toBe('March recruits');
    await expect(app.api['drafts.rename'](draft.id, '   ')).rejects.toThrow('A draft’s name has 1 to 200 characters.');
    await expect(app.api['drafts.rename'](999_999, 'Other')).rejects.toThrow('This draft is no longer on this computer.');
  });

  it('deletes it with its rows and whole history, answering what went, and closes its open session', async () => {
    const [draft] = await draftsOf(501);
    await app.api['drafts.edit'](draft.id, [{ position: 0, field: 'name', value: 'Ada L.' }]);
    await app.api['drafts.edit'](draft.id, [{ position: 1, field: 'name', value: 'Bo B.' }]);
    await app.api['drafts.undo'](draft.id);
    expect((await draftsOf(501))[0]).toMatchObject({ rows: 2, edits: 2 });
    const gone = await app.api['drafts.delete'](draft.id);
    expect(gone).toMatchObject({ id: draft.id, name: 'March recruits', rows: 2, edits: 2 });
    expect(await draftsOf(501)).toEqual([]);
    await expect(app.api['drafts.page'](draft.id, {})).rejects.toThrow(/no draft|no longer/i);
    await expect(app.api['drafts.delete'](draft.id)).rejects.toThrow('This draft is no longer on this computer.');
  });

  it('refuses to delete a draft whose push waits in the outbox, in a sentence, and keeps it when its file is started over', async () => {
    const [draft] = await draftsOf(502);
    const pushed = await app.api['drafts.push'](draft.id, {});
    expect(pushed.state).toBe('pushing');
    await expect(app.api['drafts.delete'](draft.id)).rejects.toThrow('“list.csv” is being sent to the service; it can be deleted once that push has ended or been given up.');
    expect((await draftsOf(502)).map((d) => d.id)).toEqual([draft.id]);
    // Starting over from its file makes a new list beside it: the one on its way stays, as sent.
    expect((await app.api['drafts.inspect']({ grant: grant(sheet), externalEventId: 502 })).sameFile).toMatchObject({ id: draft.id, sent: true });
    const fresh = await app.api['drafts.open']({ grant: grant(sheet), externalEventId: 502, replace: draft.id });
    expect((await draftsOf(502)).map((d) => d.id).sort()).toEqual([draft.id, fresh.draft.id].sort());
    // Asked again, the question is about the new list still being made, not the sent one.
    expect((await app.api['drafts.inspect']({ grant: grant(sheet), externalEventId: 502 })).sameFile).toMatchObject({ id: fresh.draft.id, sent: false });
  });
});
