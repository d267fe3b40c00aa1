import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { draftRows, type DraftRowInput } from '../../../../src/services/mirror/queries/drafts/draft-rows';
import { applyEdit, editHistory, historyState, redo, undo } from '../../../../src/services/mirror/queries/drafts/draft-edits';
import { createDraft, draftById, DraftError, resetDraftRows } from '../../../../src/services/mirror/queries/drafts/drafts';
import { rowsBehind, settleDraftRows } from '../../../../src/services/mirror/queries/drafts/draft-rows-behind';
import { mirrorDir } from './mirror-fixture';

const dirs = mirrorDir();
const source = { name: 'panel.csv', size: 10, hash: 'h' };
const row = (name: string, source_row: number | null = null): DraftRowInput => ({ source_row, participant: { name, email: `${name.toLowerCase()}@example.com` } });
const names = (db: ReturnType<typeof dirs.fresh>, id: number) => draftRows(db, id).map((r) => `${r.position}:${r.participant.name}`);

describe('draft edits', () => {
  it('edits, undoes and redoes a cell, a bulk fix, an added and a deleted row', () => {
    const db = dirs.fresh();
    const { id } = createDraft(db, { externalEventId: 1, source }, [row('Ana', 2), row('Ben', 3), row('Cy', 4)], 0);
    applyEdit(db, id, 'cell', [{ position: 1, after: row('Benjamin', 3) }], 1);
    applyEdit(db, id, 'bulk fix', [{ position: 0, after: row('ANA', 2) }, { position: 2, after: row('CY', 4) }], 2);
    applyEdit(db, id, 'add row', [{ position: 3, after: row('Dee') }], 3);
    applyEdit(db, id, 'delete rows', [{ position: 1, after: null }], 4);
    expect(names(db, id)).toEqual(['0:ANA', '2:CY', '3:Dee']);
    expect(historyState(db, id)).toEqual({ canUndo: true, canRedo: false, undoKind: 'delete rows', redoKind: null });

    expect(undo(db, id, 5)?.kind).toBe('delete rows');
    expect(names(db, id)).toEqual(['0:ANA', '1:Benjamin', '2:CY', '3:Dee']);
    expect(draftRows(db, id)[1].source_row).toBe(3);
    undo(db, id);
    undo(db, id);
    expect(names(db, id)).toEqual(['0:Ana', '1:Benjamin', '2:Cy']);
    undo(db, id);
    expect(names(db, id)).toEqual(['0:Ana', '1:Ben', '2:Cy']);
    expect(undo(db, id)).toBeNull();
    expect(historyState(db, id)).toEqual({ canUndo: false, canRedo: true, undoKind: null, redoKind: 'cell' });

    expect(redo(db, id)?.kind).toBe('cell');
    expect(redo(db, id)?.kind).toBe('bulk fix');
    expect(names(db, id)).toEqual(['0:ANA', '1:Benjamin', '2:CY']);
    expect(draftById(db, id)?.updatedAt).toBeGreaterThan(5);
  });

  it('forgets the undone edits when a new edit is made', () => {
    const db = dirs.fresh();
    const { id } = createDraft(db, { externalEventId: 1, source }, [row('Ana')]);
    applyEdit(db, id, 'one', [{ position: 0, after: row('A1') }]);
    applyEdit(db, id, 'two', [{ position: 0, after: row('A2') }]);
    undo(db, id);
    applyEdit(db, id, 'three', [{ position: 0, after: row('A3') }]);
    expect(editHistory(db, id).map((e) => [e.seq, e.kind, e.undone])).toEqual([
      [1, 'one', false],
      [2, 'three', false],
    ]);
    expect(redo(db, id)).toBeNull();
    undo(db, id);
    expect(names(db, id)).toEqual(['0:A1']);
  });

  it('refuses empty, repeated or negative positions with a sentence, changing nothing', () => {
    const db = dirs.fresh();
    const { id } = createDraft(db, { externalEventId: 1, source }, [row('Ana')]);
    expect(() => applyEdit(db, id, 'x', [])).toThrow(DraftError);
    expect(() => applyEdit(db, id, 'x', [{ position: 0, after: null }, { position: 0, after: row('B') }])).toThrow(/each row only once/);
    expect(() => applyEdit(db, id, 'x', [{ position: -1, after: row('B') }])).toThrow(/whole numbers from 0/);
    expect(() => applyEdit(db, 99, 'x', [{ position: 0, after: null }])).toThrow(/Draft 99 does not exist/);
    expect(names(db, id)).toEqual(['0:Ana']);
    expect(editHistory(db, id)).toEqual([]);
  });

  it('changes rows and history together or not at all', () => {
    const db = dirs.fresh();
    const { id } = createDraft(db, { externalEventId: 1, source }, [row('Ana'), row('Ben')]);
    // A participant JSON cannot hold a BigInt: the second row's write fails after the first's.
    const broken = { source_row: null, participant: { name: 10n } } as unknown as DraftRowInput;
    expect(() => applyEdit(db, id, 'bulk', [{ position: 0, after: row('X') }, { position: 1, after: broken }])).toThrow();
    expect(names(db, id)).toEqual(['0:Ana', '1:Ben']);
    expect(editHistory(db, id)).toEqual([]);
  });

  it('keeps a change that keeps the row as its changed fields, replayed over the row as it is', () => {
    const db = dirs.fresh();
    const { id } = createDraft(db, { externalEventId: 1, source }, [{ source_row: 2, participant: { name: 'Ana', email: 'ana@gmial.com', note: 'call after 6' } }]);
    applyEdit(db, id, 'fix', [{ position: 0, after: { source_row: 2, participant: { name: 'Ana', email: 'ana@gmail.com' } } }], 10);
    const logged = db.prepare('SELECT shape, before, after FROM draft_edits WHERE draft_id = ?').get(id);
    expect(logged).toEqual({ shape: 'patches', before: JSON.stringify([{ set: { email: 'ana@gmial.com', note: 'call after 6' } }]), after: JSON.stringify([{ set: { email: 'ana@gmail.com' }, unset: ['note'] }]) });
    // A caller's rows are what the step replays over: a name only it holds stays.
    const held = (position: number): DraftRowInput | null => (position === 0 ? { source_row: 2, participant: { name: 'Held', email: 'ana@gmail.com' } } : null);
    expect(undo(db, id, 11, held)?.written).toEqual([{ source_row: 2, participant: { name: 'Held', email: 'ana@gmial.com', note: 'call after 6' } }]);
    expect(redo(db, id, 12)?.written).toEqual([{ source_row: 2, participant: { name: 'Held', email: 'ana@gmail.com' } }]);
  });

  it('undoes and redoes a step logged with whole rows, before changed fields were kept', () => {
    const db = dirs.fresh();
    const { id } = createDraft(db, { externalEventId: 1, source }, [row('Ana', 2)]);
    db.prepare("INSERT INTO draft_edits (draft_id, seq, kind, positions, before, after, undone, created_at, shape) VALUES (?, 1, 'cell', '[0]', ?, ?, 0, 1, 'rows')").run(
      id,
      JSON.stringify([row('Ana', 2)]),
      JSON.stringify([row('Anna', 2)]),
    );
    db.prepare("UPDATE draft_rows SET participant = ? WHERE draft_id = ?").run(JSON.stringify(row('Anna').participant), id);
    expect(undo(db, id)?.written).toEqual([row('Ana', 2)]);
    expect(names(db, id)).toEqual(['0:Ana']);
    redo(db, id);
    expect(names(db, id)).toEqual(['0:Anna']);
  });

  it('refuses, in a sentence, a step whose changed row is no longer there', () => {
    const db = dirs.fresh();
    const { id } = createDraft(db, { externalEventId: 1, source }, [row('Ana')]);
    applyEdit(db, id, 'cell', [{ position: 0, after: row('Anna') }]);
    db.prepare('DELETE FROM draft_rows WHERE draft_id = ?').run(id);
    expect(() => undo(db, id)).toThrow("This draft's undo history no longer matches its rows, so it cannot undo that step.");
    expect(historyState(db, id).canUndo).toBe(true);
  });

  it('logs a large step before its rows are written; a read of the rows writes them, once', () => {
    const db = dirs.fresh();
    const { id } = createDraft(db, { externalEventId: 1, source }, [row('Ana', 2), row('Ben', 3), row('Cy', 4)]);
    const stored = () => db.prepare('SELECT participant FROM draft_rows WHERE draft_id = ? ORDER BY position').pluck().all(id).map((p) => JSON.parse(p as string).name);
    applyEdit(db, id, 'bulk fix', [0, 1, 2].map((position) => ({ position, after: row(['ANA', 'BEN', 'CY'][position], position + 2) })), 1, undefined, { from: 3, owner: 'a' });
    expect(stored()).toEqual(['Ana', 'Ben', 'Cy']);
    expect(rowsBehind(db, id)).toBe(true);
    expect(names(db, id)).toEqual(['0:ANA', '1:BEN', '2:CY']);
    expect(rowsBehind(db, id)).toBe(false);
    // An undo of as many rows is kept behind too; the next step writes it first.
    undo(db, id, 2, undefined, { from: 3, owner: 'a' });
    expect(stored()).toEqual(['ANA', 'BEN', 'CY']);
    applyEdit(db, id, 'cell', [{ position: 0, after: row('Anna', 2) }], 3);
    expect(stored()).toEqual(['Anna', 'Ben', 'Cy']);
    expect(editHistory(db, id).map((s) => s.kind)).toEqual(['cell']);
  });

  it('writes the rows behind from what the session that took them holds, and only that one; a smaller step writes its rows', () => {
    const db = dirs.fresh();
    const { id } = createDraft(db, { externalEventId: 1, source }, [row('Ana', 2), row('Ben', 3)]);
    applyEdit(db, id, 'small', [{ position: 0, after: row('Anna', 2) }], 1, undefined, { from: 2, owner: 'a' });
    expect(rowsBehind(db, id)).toBe(false);
    // Added and removed rows are always written at once: the rows' count and places hold.
    applyEdit(db, id, 'add', [{ position: 2, after: row('Cy') }, { position: 3, after: row('Dee') }], 2, undefined, { from: 1, owner: 'a' });
    expect(rowsBehind(db, id)).toBe(false);
    const held = (position: number): DraftRowInput | null => ({ 0: row('Held A', 2), 1: row('Held B', 3), 2: row('Cy'), 3: row('Dee') })[position] ?? null;
    // Another session's memory never writes over a step it did not take: the log is replayed.
    applyEdit(db, id, 'fix', [{ position: 0, after: row('ANNA', 2) }, { position: 1, after: row('BEN', 3) }], 3, undefined, { from: 2, owner: 'a' });
    settleDraftRows(db, id, { owner: 'b', held });
    expect(names(db, id)).toEqual(['0:ANNA', '1:BEN', '2:Cy', '3:Dee']);
    // The session that took it writes what it holds.
    applyEdit(db, id, 'fix', [{ position: 0, after: row('ANN', 2) }, { position: 1, after: row('BENNY', 3) }], 4, undefined, { from: 2, owner: 'a' });
    settleDraftRows(db, id, { owner: 'a', held });
    expect(names(db, id)).toEqual(['0:Held A', '1:Held B', '2:Cy', '3:Dee']);
  });

  it('refuses, in a sentence, to read rows behind a step whose row is no longer there', () => {
    const db = dirs.fresh();
    const { id } = createDraft(db, { externalEventId: 1, source }, [row('Ana', 2)]);
    applyEdit(db, id, 'fix', [{ position: 0, after: row('ANA', 2) }], 1, undefined, { from: 1, owner: 'a' });
    db.prepare('DELETE FROM draft_rows WHERE draft_id = ?').run(id);
    expect(() => draftRows(db, id)).toThrow(DraftError);
    expect(() => draftRows(db, id)).toThrow("This draft's rows no longer match its undo history, so its last change cannot be written; delete the draft and open the sheet again.");
    expect(rowsBehind(db, id)).toBe(true);
  });

  it('forgets the rows behind with the history when the rows are read from the sheet again', () => {
    const db = dirs.fresh();
    const { id } = createDraft(db, { externalEventId: 1, source }, [row('Ana', 2)]);
    applyEdit(db, id, 'fix', [{ position: 0, after: row('ANA', 2) }], 1, undefined, { from: 1, owner: 'a' });
    resetDraftRows(db, id, { sheetName: null, headerRow: null, mapping: null }, [row('Zed', 2)]);
    expect(rowsBehind(db, id)).toBe(false);
    expect(names(db, id)).toEqual(['0:Zed']);
  });

  it.each([
    ['from the log', false],
    ['with the rows held, as a session does', true],
  ])('undo and redo always match a model of the grid (random edit sessions, %s; some steps write their rows later)', (_, holding) => {
    const db = dirs.fresh();
    const op = fc.oneof(
      fc.record({ type: fc.constant('edit' as const), changes: fc.uniqueArray(fc.record({ position: fc.integer({ min: 0, max: 6 }), name: fc.option(fc.constantFrom('A', 'B', 'C', 'D'), { nil: null }) }), { minLength: 1, maxLength: 3, selector: (c) => c.position }) }),
      fc.constant({ type: 'undo' as const }),
      fc.constant({ type: 'redo' as const }),
    );
    fc.assert(
      // `later`: the step's rows are written after it (when it only changes rows that stay);
      // `look`: the rows are read after it, which writes them (else the next step does).
      fc.property(fc.array(fc.tuple(op, fc.boolean(), fc.boolean()), { maxLength: 25 }), (ops) => {
        const { id } = createDraft(db, { externalEventId: 1, source }, [row('R0'), row('R1'), row('R2')]);
        const model = new Map<number, string>([[0, 'R0'], [1, 'R1'], [2, 'R2']]);
        const done: Map<number, string | null>[] = [];
        const undone: Map<number, string | null>[] = [];
        const swap = (edit: Map<number, string | null>) => {
          const back = new Map<number, string | null>();
          for (const [position, name] of edit) {
            back.set(position, model.get(position) ?? null);
            if (name === null) model.delete(position);
            else model.set(position, name);
          }
          return back;
        };
        const held = holding ? (position: number) => (model.has(position) ? row(model.get(position)!) : null) : undefined;
        const expected = () => [...model.entries()].sort((a, b) => a[0] - b[0]).map(([p, n]) => `${p}:${n}`);
        for (const [o, writeLater, look] of ops) {
          const later = writeLater ? { from: 1, owner: 'model' } : undefined;
          if (o.type === 'edit') {
            applyEdit(db, id, 'edit', o.changes.map((c) => ({ position: c.position, after: c.name === null ? null : row(c.name) })), Date.now(), held, later);
            done.push(swap(new Map(o.changes.map((c) => [c.position, c.name]))));
            undone.length = 0;
          } else if (o.type === 'undo') {
            const step = undo(db, id, Date.now(), held, later);
            expect(step === null).toBe(done.length === 0);
            if (done.length > 0) undone.push(swap(done.pop()!));
          } else {
            const step = redo(db, id, Date.now(), held, later);
            expect(step === null).toBe(undone.length === 0);
            if (undone.length > 0) done.push(swap(undone.pop()!));
          }
          if (look) expect(names(db, id)).toEqual(expected());
        }
        expect(names(db, id)).toEqual(expected());
        expect(rowsBehind(db, id)).toBe(false);
      }),
      { numRuns: 60 },
    );
  });
});
