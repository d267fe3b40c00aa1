import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { draftRows, type DraftRowInput } from '../../../../src/services/mirror/queries/drafts/draft-rows';
import { applyEdit, editHistory, historyState, redo, undo } from '../../../../src/services/mirror/queries/drafts/draft-edits';
import { createDraft, draftById, DraftError } from '../../../../src/services/mirror/queries/drafts/drafts';
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

  it.each([
    ['from the log', false],
    ['with the rows held, as a session does', true],
  ])('undo and redo always match a model of the grid (random edit sessions, %s)', (_, holding) => {
    const db = dirs.fresh();
    const op = fc.oneof(
      fc.record({ type: fc.constant('edit' as const), changes: fc.uniqueArray(fc.record({ position: fc.integer({ min: 0, max: 6 }), name: fc.option(fc.constantFrom('A', 'B', 'C', 'D'), { nil: null }) }), { minLength: 1, maxLength: 3, selector: (c) => c.position }) }),
      fc.constant({ type: 'undo' as const }),
      fc.constant({ type: 'redo' as const }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
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
        for (const o of ops) {
          if (o.type === 'edit') {
            applyEdit(db, id, 'edit', o.changes.map((c) => ({ position: c.position, after: c.name === null ? null : row(c.name) })), Date.now(), held);
            done.push(swap(new Map(o.changes.map((c) => [c.position, c.name]))));
            undone.length = 0;
          } else if (o.type === 'undo') {
            const step = undo(db, id, Date.now(), held);
            expect(step === null).toBe(done.length === 0);
            if (done.length > 0) undone.push(swap(done.pop()!));
          } else {
            const step = redo(db, id, Date.now(), held);
            expect(step === null).toBe(undone.length === 0);
            if (undone.length > 0) done.push(swap(undone.pop()!));
          }
          const expected = [...model.entries()].sort((a, b) => a[0] - b[0]).map(([p, n]) => `${p}:${n}`);
          expect(names(db, id)).toEqual(expected);
        }
      }),
      { numRuns: 60 },
    );
  });
});
