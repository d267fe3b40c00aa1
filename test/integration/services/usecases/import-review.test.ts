/**
 * Reviewing an import made elsewhere (here: straight through the service's HTTP interface),
 * against the real reference service: the service's parse kept in the mirror, an action run
 * with chosen flags and followed to its summary, the document saved, the destroy; and offline,
 * the mirror's picture with why, the action waiting in the outbox until the service is back.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actOnImport, addEvent, destroyImportOf, DraftSession, exportImportDocument, importAsDraft, importReviewOffline, inspectSheet, listOutbox, pullMirror, pushDraft, reviewImport, syncOnce, type Connection } from '../../../../src/services/usecases';
import { reviewText } from '../../../../src/cli/format/import-review';
import { openSheetAsDraft } from '../../../support/draft-once';
import { freshEvent, participantsOf } from '../../../support/events';
import { freePort } from '../../../support/ports';
import { startTestService, waitForAction, type TestService } from '../../../support/service';

const dir = mkdtempSync(join(tmpdir(), 'muster-import-review-'));
let service: TestService | null = null;
let port: number;
let token = '';
const start = async () => {
  service = await startTestService({ dataDir: join(dir, 'service'), port });
  token = service.token;
  return service;
};

beforeAll(async () => {
  port = await freePort();
  await start();
}, 30_000);
afterAll(async () => {
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

const connection = (): Connection => ({ dataDir: join(dir, 'data'), serverUrl: `http://127.0.0.1:${port}`, account: 'default', token: () => token });

const PEOPLE = [
  { external_id: 'r1', name: 'Ada', email: 'ada@example.com', locale: 'en_US' },
  { external_id: 'r2', name: 'Bo', email: 'not-an-address', locale: 'de_DE' },
  { external_id: 'r3', name: 'Cy', email: 'cy@example.com', locale: 'xx_YY' },
];

/** An import someone else made: created through the interface, acted on by nobody yet. */
async function importElsewhere(externalEventId: number, participants = PEOPLE): Promise<number> {
  const created = await service!.client().post('/api/v1/participant_imports', { external_event_id: externalEventId, act_if_valid: false, participants });
  expect(created.status).toBe(201);
  return created.body.response.id;
}

async function knownEvent(): Promise<{ externalEventId: number; eventId: number }> {
  const event = freshEvent(service!);
  addEvent(connection(), event.external_event_id);
  return { externalEventId: event.external_event_id, eventId: event.id };
}

describe('an import made elsewhere', () => {
  it('shows the service’s parse of every participant, runs an action with the chosen flags to its summary, and saves its document', async () => {
    const event = await knownEvent();
    const importId = await importElsewhere(event.externalEventId);
    await pullMirror(connection());
    const service_parse = (await service!.client().get(`/api/v1/participant_imports/${importId}/parser`)).body.response.participants;

    const review = await reviewImport(connection(), importId);
    expect(review.offline).toBeNull();
    expect(review.parsed).toEqual(service_parse);
    expect(review.parsed!.filter((p) => p.invalid_fields.length > 0).length).toBeGreaterThan(0);
    expect(review.actions).toEqual([]);

    const invalid = service_parse.filter((p: { invalid_fields: string[] }) => p.invalid_fields.length > 0).length;
    const acted = await actOnImport(connection(), importId, { skip_invalid: true });
    expect(acted).toMatchObject({ end: 'settled', refused: null, waiting: null });
    const [action] = acted.review!.actions;
    expect(action).toMatchObject({ status: 'completed', flags: { skip_invalid: true, save_missing_categories: true, destroy_unmatched_participants: false } });
    expect(action.result!.skipped_invalid).toBe(invalid);
    expect(action.result!.created).toBe(PEOPLE.length - invalid);
    expect(participantsOf(service!, { id: event.eventId } as never)).toHaveLength(PEOPLE.length - invalid);

    const out = join(dir, 'document.xlsx');
    const saved = await exportImportDocument(connection(), importId, out);
    expect(saved.bytes).toBe(readFileSync(out).length);
    const rows = XLSX.utils.sheet_to_json(XLSX.read(readFileSync(out)).Sheets[XLSX.read(readFileSync(out)).SheetNames[0]]);
    expect(rows).toHaveLength(PEOPLE.length);
  });

  it('opens the import as a draft here, its rows in order with what the service read, the invalid ones still marked', async () => {
    const event = await knownEvent();
    const importId = await importElsewhere(event.externalEventId);
    await pullMirror(connection());
    // Before the service's reading is on this computer there is nothing to open, said plainly.
    expect(() => importAsDraft(connection(), importId)).toThrow(/not on this computer yet/);
    await reviewImport(connection(), importId);
    // The event this computer knows the import is of wins over one said otherwise.
    expect(() => importAsDraft(connection(), importId, { externalEventId: event.externalEventId + 1 })).toThrow(`Import ${importId} is of event ${event.externalEventId}`);
    const draft = importAsDraft(connection(), importId);
    expect(draft).toMatchObject({ externalEventId: event.externalEventId, name: `Import ${importId}` });
    const session = DraftSession.open(connection(), draft.id);
    try {
      const page = session.page();
      expect(page.rows.map((r) => [r.cells.external_id, r.cells.name, r.cells.email, r.cells.locale])).toEqual(PEOPLE.map((p) => [p.external_id, p.name, p.email, p.locale]));
      expect(page.rows.map((r) => r.invalid)).toEqual([[], ['email'], ['locale']]);
      // Named by their rows in the import, as its review names them, not all as added by hand.
      expect(page.rows.map((r) => r.sourceRow)).toEqual([1, 2, 3]);
      expect(page.draft.canUndo).toBe(false);
    } finally {
      session.close();
    }
  });

  it('numbers the rows of an import pushed from a draft here as the spreadsheet does', async () => {
    const event = await knownEvent();
    const sheet = join(dir, 'titled.csv');
    // A title and a blank line above the column names: the participants are rows 4 to 6 of the sheet.
    writeFileSync(sheet, ['Cereal tasting,,', ',,', 'ID,Name,E-mail', 'p1,Pia,pia@example.com', 'p2,Per,per(at)example.com', 'p3,Pol,pol@example.com'].join('\n'));
    const { draft } = await openSheetAsDraft(connection(), { file: sheet, externalEventId: event.externalEventId });
    const pushed = await pushDraft(connection(), draft.id, { skip_invalid: true });
    const review = await reviewImport(connection(), pushed.status.importId!);
    expect(review.fromDraft).toBe(true);
    expect(review.parsed!.map((p) => p.row_number)).toEqual([1, 2, 3]);
    expect(review.sheetRows).toEqual([4, 5, 6]);
    expect(reviewText(review)).toContain('sheet row 5: Per — invalid email');
    // Opened as a new list here, its rows keep the sheet's numbers.
    const again = DraftSession.open(connection(), importAsDraft(connection(), pushed.status.importId!).id);
    try {
      expect(again.page().rows.map((r) => r.sourceRow)).toEqual([4, 5, 6]);
    } finally {
      again.close();
    }
    // The same file again: the sent list is said to be sent, and starting over keeps it beside
    // the new one, so the import is still known as sent from here, with its sheet rows.
    const preview = await inspectSheet(connection(), { file: sheet, externalEventId: event.externalEventId });
    expect(preview.sameFile).toMatchObject({ id: draft.id, sent: true });
    const fresh = await DraftSession.create(connection(), { file: sheet, externalEventId: event.externalEventId, replace: draft.id });
    fresh.close();
    expect((await reviewImport(connection(), pushed.status.importId!)).sheetRows).toEqual([4, 5, 6]);
    // An import made elsewhere has no sheet behind it here: its own numbers stand.
    const elsewhere = await reviewImport(connection(), await importElsewhere(event.externalEventId));
    expect(elsewhere.sheetRows).toBeNull();
  });

  it('shows the match of a participant the event already has', async () => {
    const event = await knownEvent();
    const first = await importElsewhere(event.externalEventId, [PEOPLE[0]]);
    const action = await service!.client().post('/api/v1/participant_import_actions', { participant_import_id: first });
    await waitForAction(service!.client(), action.body.response.id);
    const second = await importElsewhere(event.externalEventId, [{ ...PEOPLE[0], name: 'Ada Lovelace' }]);
    await pullMirror(connection());
    const [row] = (await reviewImport(connection(), second)).parsed!;
    const [participant] = participantsOf(service!, { id: event.eventId } as never);
    expect(row).toMatchObject({ match_field: 'external_id', participant_id: participant.id });
  });

  it('destroys the import on the service and forgets it here with its parse and actions', async () => {
    const event = await knownEvent();
    const importId = await importElsewhere(event.externalEventId);
    await pullMirror(connection());
    await reviewImport(connection(), importId);
    const destroyed = await destroyImportOf(connection(), importId);
    expect(destroyed).toMatchObject({ end: 'settled', refused: null, review: null });
    expect((await service!.client().get(`/api/v1/participant_imports/${importId}`)).status).toBe(404);
    expect(() => importReviewOffline(connection(), importId)).toThrow(`Import ${importId} is not on this computer`);
  });

  it('offline: shows the mirror’s picture with why, and the action waits in the outbox until the service is back', async () => {
    const event = await knownEvent();
    const importId = await importElsewhere(event.externalEventId);
    await pullMirror(connection());
    const online = await reviewImport(connection(), importId);
    await service!.close();
    service = null;
    try {
      const offline = await reviewImport(connection(), importId);
      expect(offline.offline).toMatch(/could not connect/i);
      expect(offline.parsed).toEqual(online.parsed);
      expect(offline.parsedAt).toBe(online.parsedAt);

      const waiting = await actOnImport(connection(), importId, { skip_invalid: true }, { untilFailure: true });
      expect(waiting.end).not.toBe('settled');
      expect(waiting.waiting).toMatch(/could not connect/i);
      expect(waiting.review).toMatchObject({ acting: true, actions: [] });
      expect(listOutbox(connection()).map((i) => i.title)).toContain(`Start an import action on import ${importId}`);
      await expect(destroyImportOf(connection(), importId, { untilFailure: true })).resolves.toMatchObject({ review: { acting: true, destroying: true } });
    } finally {
      await start();
    }
    await syncOnce(connection());
    expect(listOutbox(connection())).toEqual([]);
    expect((await service!.client().get(`/api/v1/participant_imports/${importId}`)).status).toBe(404);
    const actions = await service!.client().get(`/api/v1/participant_import_actions?participant_import_id=${importId}`);
    expect(actions.status).toBe(404);
    expect(participantsOf(service!, { id: event.eventId } as never).length).toBeGreaterThan(0);
  }, 60_000);
});
