/**
 * A step of many rows is answered once it is in the draft's log, and its rows are written
 * when the main side is idle: a session that stops in between loses nothing, and whatever
 * reads the rows meanwhile (another connection, a push) reads them as the step left them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { DraftSession } from '../../../../src/services/usecases/draft-session';
import { openAccountMirror } from '../../../../src/services/usecases/account-mirror';
import { draftParticipants } from '../../../../src/services/mirror/queries/drafts/draft-rows';
import { rowsBehind } from '../../../../src/services/mirror/queries/drafts/draft-rows-behind';

const ROWS = 1_200;
const dir = mkdtempSync(join(tmpdir(), 'muster-rows-later-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const child = fileURLToPath(new URL('./draft-rows-later-child.ts', import.meta.url));

async function draftOf(name: string): Promise<{ place: { dataDir: string; serverUrl: string; account: string }; session: DraftSession }> {
  const file = join(dir, `${name}.csv`);
  // Row 5's name keeps a note from the sheet (its last names joined) through every write.
  writeFileSync(file, ['id,Nombre,Apellido paterno,Apellido materno,email', ...Array.from({ length: ROWS }, (_, i) => `p${i},Person ${i},${i === 5 ? 'Paz,Sol' : ','},person.${i}@gmial.com`)].join('\n'));
  const place = { dataDir: join(dir, name), serverUrl: 'http://127.0.0.1:1', account: 'default' };
  return { place, session: await DraftSession.create(place, { file, externalEventId: 7 }) };
}

const warningsOfRow5 = (session: DraftSession) => session.page({ offset: 5, limit: 1 }).rows[0].warnings;

const fixAll = (session: DraftSession) =>
  session.edit(Array.from({ length: ROWS }, (_, i) => ({ position: i, field: 'email' as const, value: `fixed.${i}@example.com` })), 'bulk fix');

it('answers a step of many rows before writing them, and writes them once the main side is idle', async () => {
  const { place, session } = await draftOf('idle');
  const change = fixAll(session);
  expect(change.rows).toHaveLength(ROWS);
  const other = openAccountMirror(place);
  try {
    expect(rowsBehind(other, session.draftId)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(rowsBehind(other, session.draftId)).toBe(false);
    expect(draftParticipants(other, session.draftId)[ROWS - 1].email).toBe(`fixed.${ROWS - 1}@example.com`);
  } finally {
    other.close();
    session.close();
  }
});

it('lets another connection read the rows as the step left them before the session wrote them', async () => {
  const { place, session } = await draftOf('other');
  fixAll(session);
  session.undo();
  const other = openAccountMirror(place);
  try {
    // Read before the session is idle: the log's two steps are replayed over the file's rows.
    expect(draftParticipants(other, session.draftId).map((p) => p.email)).toEqual(Array.from({ length: ROWS }, (_, i) => `person.${i}@gmial.com`));
    await new Promise((resolve) => setImmediate(resolve));
    expect(session.redo().rows).toHaveLength(ROWS);
  } finally {
    other.close();
    session.close();
  }
  const again = DraftSession.open(place, session.draftId);
  try {
    expect(again.page({ limit: 1 }).rows[0].cells.email).toBe('fixed.0@example.com');
  } finally {
    again.close();
  }
});

it('loses nothing when the app stops between the answer and the rows', async () => {
  const { place, session } = await draftOf('crash');
  const draftId = session.draftId;
  const notes = warningsOfRow5(session);
  expect(notes.length).toBeGreaterThan(0);
  session.close();
  const result = spawnSync(process.execPath, ['--import', 'tsx', child, place.dataDir, String(draftId), String(ROWS)], { encoding: 'utf8' });
  expect(result.signal).toBe('SIGKILL');
  expect(result.stdout).toContain(`answered ${ROWS}`);
  const db = openAccountMirror(place);
  try {
    expect(rowsBehind(db, draftId)).toBe(true);
  } finally {
    db.close();
  }
  const reopened = DraftSession.open(place, draftId);
  try {
    expect(warningsOfRow5(reopened)).toEqual(notes);
    const page = reopened.page({ offset: ROWS - 2, limit: 2 });
    expect(page.rows.map((r) => r.cells.email)).toEqual([`fixed.${ROWS - 2}@example.com`, `fixed.${ROWS - 1}@example.com`]);
    expect(page.draft.canUndo).toBe(true);
    reopened.undo();
    expect(reopened.page({ limit: 1 }).rows[0].cells.email).toBe('person.0@gmial.com');
  } finally {
    reopened.close();
  }
});

it('writes its rows when the draft is closed before the main side was idle', async () => {
  const { place, session } = await draftOf('close');
  const notes = warningsOfRow5(session);
  expect(notes.map((w) => w.kind)).toEqual(['last_name_joined']);
  fixAll(session);
  session.close();
  const db = openAccountMirror(place);
  try {
    expect(rowsBehind(db, session.draftId)).toBe(false);
    expect(draftParticipants(db, session.draftId)[5]).toMatchObject({ name: 'Person 5 Paz Sol', email: 'fixed.5@example.com' });
  } finally {
    db.close();
  }
  const again = DraftSession.open(place, session.draftId);
  try {
    expect(warningsOfRow5(again)).toEqual(notes);
  } finally {
    again.close();
  }
});

it("never writes one session's rows over a step another session took on the same draft", async () => {
  const { place, session: first } = await draftOf('two');
  const second = DraftSession.open(place, first.draftId);
  try {
    // The second session's fix waits for the main side to be idle; the first edits a row
    // the fix did not touch (a row it added) before that, which writes the rows behind first.
    fixAll(second);
    first.addRows(1);
  } finally {
    first.close();
    second.close();
  }
  const again = DraftSession.open(place, first.draftId);
  try {
    const emails = again.page({ limit: ROWS }).rows.map((r) => r.cells.email);
    expect(emails).toEqual(Array.from({ length: ROWS }, (_, i) => `fixed.${i}@example.com`));
  } finally {
    again.close();
  }
});
