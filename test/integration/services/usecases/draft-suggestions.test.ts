/**
 * Suggested fixes in the workspace over a real draft session and a real mirror file: a group
 * applied is one step of the draft's history (undo puts every row back exactly, in memory and
 * in the mirror), what it writes passes the shared parser, a clean list gets nothing, and a
 * suggestion turned down stays down after the mirror is opened again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseParticipant } from '../../../../src/core/participants/parser';
import { DraftSession, type MirrorPlace } from '../../../../src/services/usecases';
import { draftRows } from '../../../../src/services/mirror/queries/drafts/draft-rows';
import { applySuggestions, listSuggestions, rejectDraftSuggestions, restoreDraftSuggestions, surePicks } from '../../../../src/services/usecases/draft-suggestions';
import { messyCsv, messySheet } from '../../../fixtures/messy-sheet';

const dir = mkdtempSync(join(tmpdir(), 'muster-draft-suggestions-'));
const place: MirrorPlace = { dataDir: join(dir, 'data'), serverUrl: 'http://127.0.0.1:1', account: 'default' };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
async function draftOf(csv: string): Promise<DraftSession> {
  const file = join(dir, `sheet-${++files}.csv`);
  writeFileSync(file, csv);
  return DraftSession.create(place, { file, externalEventId: 4711 });
}

/** The draft as the session holds it and as the mirror has it. */
const stateOf = (session: DraftSession) => ({ held: session.held().map((r) => ({ ...r })), stored: draftRows(session.db, session.draftId) });

describe('suggestions in a draft', () => {
  it('a group applied, by its one answers or by any answer chosen, is one step that undo takes back exactly', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10_000 }), fc.nat(), fc.boolean(), fc.array(fc.nat(), { minLength: 200, maxLength: 200 }), async (seed, groupPick, sureOnly, answers) => {
        const session = await draftOf(messyCsv(messySheet(40, seed)));
        try {
          const list = listSuggestions(session);
          expect(list.total).toBeGreaterThan(0);
          const group = list.groups[groupPick % list.groups.length];
          const before = stateOf(session);
          const picks = sureOnly
            ? surePicks(session, group.key)
            : list.items.filter((item) => item.group === group.key).map((item, k) => ({ position: item.position, field: item.field, kind: item.kind, to: item.to[answers[k % answers.length] % item.to.length] }));
          if (picks.length === 0) return;
          const applied = applySuggestions(session, picks);
          expect(applied.applied).toBe(picks.length);
          expect(applied.change.draft.canUndo).toBe(true);
          // Each value written passes the shared parser for its field.
          const byPosition = new Map(session.held().map((r) => [r.position, r.participant]));
          for (const pick of picks) {
            const participant = byPosition.get(pick.position);
            if (pick.kind === 'repeat' || !participant) continue;
            expect(participant[pick.field as 'email'], `${pick.field} → ${pick.to}`).toBe(pick.to);
            expect(parseParticipant(participant, 1).invalid_fields).not.toContain(pick.field);
          }
          session.undo();
          expect(stateOf(session)).toEqual(before);
          expect(session.summary().canUndo).toBe(false);
        } finally {
          session.close();
        }
      }),
      { numRuns: 8 },
    );
  }, 180_000);

  it('gets no suggestion for a clean list', async () => {
    const sheet = messySheet(60, 7);
    const seen = new Set<string>();
    const clean = { ...sheet, rows: sheet.truth.filter((p) => !seen.has(String(p.external_id)) && seen.add(String(p.external_id))).map((p) => [p.external_id, p.name, p.email, p.locale] as string[]) };
    const session = await draftOf(messyCsv(clean));
    try {
      expect(session.summary().invalidRows).toBe(0);
      expect(listSuggestions(session)).toEqual({ groups: [], items: [], total: 0, sure: 0, rejected: 0 });
    } finally {
      session.close();
    }
  });

  it('remembers a suggestion turned down after the mirror is opened again, until its cell says something else', async () => {
    const header = 'External ID,Name,E-mail,Locale\n';
    let session = await draftOf(`${header}00000001,Ana Lima,ana@gmial.com,de_DE\n00000002,Bo Ek,bo@gmial.com,Deutsch\n`);
    const draftId = session.draftId;
    const [ana, bo] = session.held();
    const anaDomain = listSuggestions(session).items.find((i) => i.position === ana.position && i.kind === 'email-domain')!;
    expect(anaDomain).toMatchObject({ from: 'ana@gmial.com', to: ['ana@gmail.com'], sure: true });
    rejectDraftSuggestions(session, [{ position: ana.position, field: 'email', kind: 'email-domain', from: 'ana@gmial.com' }]);
    // An edit elsewhere leaves the rejection as it is.
    session.edit([{ position: bo.position, field: 'name', value: 'Bo Eklund' }]);
    session.close();

    session = DraftSession.open(place, draftId);
    try {
      const after = listSuggestions(session);
      expect(after.items.filter((i) => i.position === ana.position)).toEqual([]);
      expect(after.rejected).toBe(1);
      expect(after.items.some((i) => i.position === bo.position && i.kind === 'email-domain')).toBe(true);
      // Applying every sure fix leaves the turned-down one alone.
      applySuggestions(session, surePicks(session));
      expect(session.held()[0].participant.email).toBe('ana@gmial.com');
      expect(session.held()[1].participant).toMatchObject({ email: 'bo@gmail.com', locale: 'de_DE' });
      // Another value in the cell is another suggestion.
      session.edit([{ position: ana.position, field: 'email', value: 'ana@hotmial.com' }]);
      expect(listSuggestions(session).items.find((i) => i.position === ana.position)).toMatchObject({ from: 'ana@hotmial.com', to: ['ana@hotmail.com'] });
    } finally {
      session.close();
    }
  });

  it('brings back every suggestion turned down, in the panel again and counted no more', async () => {
    const session = await draftOf(['id;name;email;locale', '1;Ana;ana@gmial.com;de_DE', '2;Bo;bo@hotmial.com;de_DE'].join('\n'));
    try {
      const before = listSuggestions(session);
      expect(before.rejected).toBe(0);
      const domains = before.items.filter((i) => i.kind === 'email-domain');
      expect(domains).toHaveLength(2);
      rejectDraftSuggestions(session, domains.map((i) => ({ position: i.position, field: i.field, kind: i.kind, from: i.from })));
      const down = listSuggestions(session);
      expect(down.items.filter((i) => i.kind === 'email-domain')).toEqual([]);
      expect(down.rejected).toBe(2);
      expect(restoreDraftSuggestions(session)).toEqual({ restored: 2 });
      const back = listSuggestions(session);
      expect(back.items.filter((i) => i.kind === 'email-domain')).toEqual(domains);
      expect(back.rejected).toBe(0);
    } finally {
      session.close();
    }
  });

  it('refuses a pick whose value changed since, in one sentence', async () => {
    const session = await draftOf('External ID,Name,E-mail,Locale\n00000001,Ana Lima,ana@gmial.com,de_DE\n');
    try {
      const [ana] = session.held();
      session.edit([{ position: ana.position, field: 'email', value: 'ana@gmail.com' }]);
      expect(() => applySuggestions(session, [{ position: ana.position, field: 'email', kind: 'email-domain', to: 'ana@gmail.com' }])).toThrow(/no longer fits its row/);
    } finally {
      session.close();
    }
  });
});
