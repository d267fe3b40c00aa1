/**
 * A draft made from rows, with no file behind it, over a real mirror and the real reference
 * service: it pages, edits, undoes after a restart, exports and is pushed like a sheet's.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DraftSession, pushDraft, sameFileDraft, type Connection } from '../../../../src/services/usecases';
import { draftFromRows, hasNoFile } from '../../../../src/services/usecases/draft-from-rows';
import { openMirrorFor } from '../../../../src/services/mirror/open';
import { draftById } from '../../../../src/services/mirror/queries/drafts/drafts';
import { demographicNames, freshEvent, participantsOf } from '../../../support/events';
import { startTestService, type TestService } from '../../../support/service';

let service: TestService;
const dir = mkdtempSync(join(tmpdir(), 'muster-draft-rows-'));
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});
const connection = (data: string): Connection => ({ dataDir: join(dir, data), serverUrl: service.url, account: 'default', token: () => service.token });

describe('a draft made from rows', () => {
  it('is an empty draft of the event when given no rows, never taken for a file', () => {
    const place = connection('empty');
    const draft = draftFromRows(place, { externalEventId: 4711, name: 'Walk-ins' });
    const session = DraftSession.open(place, draft.id);
    try {
      expect(session.page().draft).toMatchObject({ name: 'Walk-ins', externalEventId: 4711, rows: 0, canUndo: false });
    } finally {
      session.close();
    }
    const db = openMirrorFor(place.dataDir, place.serverUrl, place.account);
    try {
      expect(hasNoFile(draftById(db, draft.id)!)).toBe(true);
      // The hash of an empty file is not the empty hash: a file is never matched with it.
      expect(sameFileDraft(db, 4711, 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')).toBeNull();
    } finally {
      db.close();
    }
  });

  it('refuses a blank name in words', () => {
    expect(() => draftFromRows(connection('blank'), { externalEventId: 4711, name: '  ' })).toThrow(/1 to 200 characters/);
  });

  it('checks its rows, keeps an edit and its undo across a restart, exports, and pushes to the service', async () => {
    const event = freshEvent(service);
    const place = connection('full');
    const draft = draftFromRows(place, {
      externalEventId: event.external_event_id,
      name: 'Typed on site',
      rows: [
        { external_id: 'w1', name: 'Ada Lovelace', email: 'ada@example.com', locale: 'en_GB', demographics: 'Gender: Female' },
        { external_id: 'w2', name: 'Alan Turing', email: 'alan@gmial.com', locale: 'en_GB' },
        { external_id: 'w1', name: 'Ada Lovelace', email: 'ada@example.com' },
      ],
    });
    let session = DraftSession.open(place, draft.id);
    const first = session.page();
    expect(first.draft.duplicateRows).toBe(1);
    expect(first.rows[2].repeats).toBe(first.rows[0].position);
    expect(first.rows.every((r) => r.sourceRow === null)).toBe(true);
    session.edit([{ position: first.rows[1].position, field: 'email', value: 'alan@gmail.com' }]);
    session.deleteRows([first.rows[2].position]);
    session.close();

    // After a restart the history is still there: the deletion is undone, then done again.
    session = DraftSession.open(place, draft.id);
    expect(session.summary().canUndo).toBe(true);
    expect(session.undo().draft.rows).toBe(3);
    expect(session.redo().draft.rows).toBe(2);
    const file = join(dir, 'typed.csv');
    expect(await session.exportTo(file)).toBe(2);
    expect(readFileSync(file, 'utf8')).toContain('alan@gmail.com');

    const outcome = await pushDraft(place, draft.id, {}, { open: session });
    session.close();
    expect(outcome.status.state).toBe('pushed');
    const sent = participantsOf(service, event);
    expect(sent.map((p) => p.email).sort()).toEqual(['ada@example.com', 'alan@gmail.com']);
    expect(demographicNames(service, sent.find((p) => p.external_id === 'w1')!.id)).toEqual(['Gender: Female']);
  });
});
