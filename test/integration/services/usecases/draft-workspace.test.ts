/**
 * The import workspace's use cases over a real mirror file and the real reference service:
 * a messy sheet opened as a draft shows each problem in words, edits are saved and checked
 * at once, undo and redo come from the mirror's edit log (so they outlive the process), and
 * the fixed draft is pushed through the outbox chain to a completed import action.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDraft, type MirrorPlace } from '../../../../src/services/usecases';
import { draftPage, editDraftCells, openSheetAsDraft, redoDraft, undoDraft } from '../../../support/draft-once';
import { startTestService, type TestService } from '../../../support/service';
import { problemText } from '../../../../src/core/intake/problems';
import { said } from '../../../support/words';

let service: TestService;
let place: MirrorPlace;
const dir = mkdtempSync(join(tmpdir(), 'muster-workspace-'));
const sheet = join(dir, 'Teilnehmer.csv');

beforeAll(async () => {
  service = await startTestService();
  place = { dataDir: join(dir, 'data'), serverUrl: service.url, account: 'default' };
  writeFileSync(
    sheet,
    [
      'Teilnehmerliste Verkostung',
      '',
      'Kundennummer;Name;E-Mail;Sprache',
      'k1;Ada Lovelace;ada@example.com;en_US',
      'k2;Bob;bob(at)example.com;de_DE',
      'k3;<b>Cleo</b>;cleo@example.com;xx_XX',
      'k4;Dan;ada@example.com;de_DE',
    ].join('\n'),
  );
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the import workspace', () => {
  let draftId: number;

  it('opens a sheet with title rows and German headers as a draft, each problem in words', async () => {
    const opened = await openSheetAsDraft(place, { file: sheet, externalEventId: 4711 });
    draftId = opened.draft.id;
    expect(opened.draft).toMatchObject({ name: 'Teilnehmer.csv', externalEventId: 4711, state: 'editing', rows: 4, invalidRows: 2, duplicateRows: 1, canUndo: false });
    const [ada, bob, cleo, dan] = opened.rows;
    expect(ada).toMatchObject({ sourceRow: 4, invalid: [], problems: [], cells: { external_id: 'k1', name: 'Ada Lovelace', email: 'ada@example.com', locale: 'en_US' } });
    expect(bob).toMatchObject({ sourceRow: 5, invalid: ['email'], problems: [{ kind: 'email_invalid', value: 'bob(at)example.com' }] });
    expect(bob.problems.map((p) => problemText(p))).toEqual(['“bob(at)example.com” is not a valid e-mail address.']);
    // Text from a file stays text: the HTML-looking name is a name, not markup.
    expect(cleo).toMatchObject({ invalid: ['locale'], cells: { name: '<b>Cleo</b>' } });
    expect(dan.problems).toEqual([{ kind: 'shares_email', row: 4 }]);
    const problems = draftPage(place, draftId, { problemsOnly: true });
    expect(problems.matching).toBe(3);
    expect(problems.rows.map((r) => r.sourceRow)).toEqual([5, 6, 7]);
  });

  it('saves each fix at once and checks it again, with undo and redo from the mirror', () => {
    const [, bob, cleo, dan] = draftPage(place, draftId).rows;
    const first = editDraftCells(place, draftId, [{ position: bob.position, field: 'email', value: 'bob@example.com' }]);
    expect(first.draft).toMatchObject({ invalidRows: 1, canUndo: true, canRedo: false });
    // Only the row that changed comes back, fixed.
    expect(first.rows).toEqual([expect.objectContaining({ position: bob.position, invalid: [], problems: [], cells: expect.objectContaining({ email: 'bob@example.com' }) })]);
    const fixed = editDraftCells(place, draftId, [
      { position: cleo.position, field: 'locale', value: 'fr_FR' },
      { position: dan.position, field: 'email', value: 'dan@example.com' },
    ], 'bulk fix');
    expect(fixed.draft).toMatchObject({ invalidRows: 0, duplicateRows: 0 });
    // Dan's new e-mail ends the repeat: both changed rows come back, with no problems left.
    expect(fixed.rows.map((r) => [r.position, r.problems])).toEqual([[cleo.position, []], [dan.position, []]]);

    const undone = undoDraft(place, draftId);
    expect(undone.draft).toMatchObject({ invalidRows: 1, duplicateRows: 1, canRedo: true });
    expect(undone.rows.find((r) => r.position === dan.position)?.problems.map((p) => problemText(p))).toEqual([
      'Shares its e-mail with row 4, who has another external ID: it is imported as a separate person, never merged.',
    ]);
    // A new process sees the same history: everything is in the mirror file.
    expect(draftPage(place, draftId).draft).toMatchObject({ invalidRows: 1, canUndo: true, canRedo: true });
    expect(redoDraft(place, draftId).draft).toMatchObject({ invalidRows: 0, duplicateRows: 0, canRedo: false });
    expect(draftPage(place, draftId).rows.map((r) => r.cells.email)).toEqual(['ada@example.com', 'bob@example.com', 'cleo@example.com', 'dan@example.com']);
  });

  it('refuses an edit of a row that is not there, in a sentence', () => {
    expect(() => editDraftCells(place, draftId, [{ position: 999, field: 'name', value: 'x' }])).toThrow('Row 999 is no longer in this draft.');
  });

  it('pushes the fixed draft through the outbox chain to a completed action, and then refuses edits', async () => {
    const outcome = await pushDraft({ ...place, token: () => service.token }, draftId, {});
    expect(outcome.end).toBe('settled');
    expect(outcome.status).toMatchObject({ state: 'pushed', actionStatus: 'completed', result: expect.objectContaining({ created: 4 }) });
    expect(() => editDraftCells(place, draftId, [{ position: 1, field: 'name', value: 'late' }])).toThrow(/pushed|pushing|cannot/i);
  });
});

describe('pasting a block from a spreadsheet', () => {
  it('writes the cells it covers and the rows it adds as one step, which one undo takes back', async () => {
    const file = join(dir, 'paste.csv');
    writeFileSync(file, ['ID,Name,E-mail', 'p1,Pia,pia@example.com', 'p2,Paul,paul@example.com'].join('\n'));
    const opened = await openSheetAsDraft(place, { file, externalEventId: 4711 });
    const { DraftSession } = await import('../../../../src/services/usecases');
    const session = DraftSession.open(place, opened.draft.id);
    try {
      const pasted = session.paste([{ position: opened.rows[1].position, field: 'name', value: 'Paula' }], [
        [{ field: 'name', value: 'Quinn' }, { field: 'email', value: 'quinn@example.com' }],
        [{ field: 'name', value: 'Ria' }, { field: 'email', value: 'not an e-mail' }],
      ]);
      expect(pasted.draft).toMatchObject({ rows: 4, invalidRows: 1, canUndo: true });
      const after = draftPage(place, opened.draft.id).rows;
      expect(after.map((r) => [r.sourceRow, r.cells.name, r.invalid])).toEqual([
        [2, 'Pia', []],
        [3, 'Paula', []],
        [null, 'Quinn', []],
        [null, 'Ria', ['email']],
      ]);
      expect(session.undo().draft).toMatchObject({ rows: 2, canUndo: false, canRedo: true });
      expect(draftPage(place, opened.draft.id).rows.map((r) => r.cells.name)).toEqual(['Pia', 'Paul']);
      expect(session.redo().draft.rows).toBe(4);
      expect(() => session.paste([{ position: 999, field: 'name', value: 'x' }], [])).toThrow('Row 999 is no longer in this draft.');
      expect(session.summary().rows).toBe(4);
    } finally {
      session.close();
    }
  });
});

describe('resolving a row that repeats another', () => {
  it('merges a same-person repeat into the earlier row, refuses to merge two people, and drops on request', async () => {
    const file = join(dir, 'repeats.csv');
    writeFileSync(file, ['ID,Name,E-mail,Locale,Note', 'r1,Ada,ada@example.com,,', 'r1,Ada,ada@example.com,en_GB,vegan', 'r9,Zed,ada@example.com,,'].join('\n'));
    // An event nothing was pushed to: the repeats are the sheet's own, not Ada of event 4711's.
    const opened = await openSheetAsDraft(place, { file, externalEventId: 4713 });
    const [first, second, third] = opened.rows;
    expect([second.repeats, second.sharesEmail, third.repeats, third.sharesEmail]).toEqual([first.position, false, first.position, true]);
    const { DraftSession } = await import('../../../../src/services/usecases');
    const session = DraftSession.open(place, opened.draft.id);
    try {
      expect(() => session.resolveRepeat(third.position, 'merge')).toThrow('they are two people, so they are not merged');
      const merged = session.resolveRepeat(second.position, 'merge');
      expect(merged.draft.rows).toBe(2);
      expect(merged.rows[0].cells).toMatchObject({ locale: 'en_GB', note: 'vegan', name: 'Ada' });
      const dropped = session.resolveRepeat(third.position, 'drop');
      expect(dropped.draft).toMatchObject({ rows: 1, duplicateRows: 0 });
      // Each resolution is one step back.
      expect(session.undo().draft.rows).toBe(2);
      expect(session.undo().draft.rows).toBe(3);
    } finally {
      session.close();
    }
  });
});

describe('looking at a sheet before opening it', () => {
  it('shows the header row found, each column’s mapping with its reason, and takes corrections, remembered only when the draft is made', async () => {
    const { inspectSheet } = await import('../../../../src/services/usecases');
    const { createDraftFromSheet } = await import('../../../support/draft-once');
    const first = await inspectSheet(place, { file: sheet, externalEventId: 4711 });
    expect(first).toMatchObject({ sheet: expect.any(String), headerRow: 3, rows: 4, invalidRows: 2 });
    expect(first.preview[2]).toEqual(['Kundennummer', 'Name', 'E-Mail', 'Sprache']);
    expect(first.mapping.map((c) => [c.header, c.target])).toEqual([['Kundennummer', 'external_id'], ['Name', 'name'], ['E-Mail', 'email'], ['Sprache', 'locale']]);
    expect(said(first.mapping[3].reason)).toBe('“Sprache” is a word for the locale.');

    const corrected = await inspectSheet(place, { file: sheet, externalEventId: 4711, overrides: [{ column: 'D', target: 'note' }] });
    expect(corrected.mapping[3].target).toBe('note');
    // A look changes nothing: the next look maps the column as before.
    expect((await inspectSheet(place, { file: sheet, externalEventId: 4711 })).mapping[3].target).toBe('locale');

    await createDraftFromSheet(place, { file: sheet, externalEventId: 4711, overrides: [{ column: 'D', target: 'note' }] });
    expect((await inspectSheet(place, { file: sheet, externalEventId: 4711 })).mapping[3].target).toBe('note');
  });
});

describe('a draft just opened', () => {
  it('shows the rows and problems the same draft shows when read back from the mirror', async () => {
    // Opening keeps the sheet's own check instead of parsing the rows again; both must agree.
    const opened = await openSheetAsDraft(place, { file: sheet, externalEventId: 4711 });
    const reread = draftPage(place, opened.draft.id);
    expect(opened.rows.filter((r) => r.problems.length > 0).length).toBeGreaterThan(0);
    expect(opened.rows).toEqual(reread.rows);
    expect(opened.draft).toEqual(reread.draft);
  });
});
