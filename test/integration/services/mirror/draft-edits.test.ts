import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { draftRows, type DraftRowInput } from '../../../../src/services/mirror/queries/drafts/draft-rows';
import { applyEdit, editHistory, historyState, redo, undo, type KnownEdit } from '../../../../src/services/mirror/queries/drafts/draft-edits';
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

  it('takes the sides a caller holds only while they are still those of the edit the step acts on', () => {
    const db = dirs.fresh();
    const { id } = createDraft(db, { externalEventId: 1, source }, [row('Ana')]);
    const first = applyEdit(db, id, 'one', [{ position: 0, after: row('A1') }], 10);
    // Held sides that differ from the log show which one a step wrote.
    const held: KnownEdit = { ...first, before: [row('Held')] };
    expect(undo(db, id, 11, held)?.known).toBe(held);
    expect(names(db, id)).toEqual(['0:Held']);
    redo(db, id, 12, held);
    applyEdit(db, id, 'two', [{ position: 0, after: row('A2') }], 13);
    // Another seq: the log's own sides.
    expect(undo(db, id, 14, held)?.known).toBeNull();
    expect(names(db, id)).toEqual(['0:A1']);
    undo(db, id, 15);
    // The same seq again after a new edit forgot the undone ones, but written at another time.
    applyEdit(db, id, 'three', [{ position: 0, after: row('A3') }], 16);
    expect(undo(db, id, 17, { ...held, createdAt: 10 })?.known).toBeNull();
    expect(names(db, id)).toEqual(['0:Ana']);
  });

  it.each([
    ['from the log', false],
    ['with the last edit held, as a session does', true],
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
        let known: KnownEdit | null = null;
        for (const o of ops) {
          if (o.type === 'edit') {
            const edit = applyEdit(db, id, 'edit', o.changes.map((c) => ({ position: c.position, after: c.name === null ? null : row(c.name) })));
            if (holding) known = edit;
            done.push(swap(new Map(o.changes.map((c) => [c.position, c.name]))));
            undone.length = 0;
          } else if (o.type === 'undo') {
            const step = undo(db, id, Date.now(), known);
            if (step) known = step.known;
            expect(step === null).toBe(done.length === 0);
            if (done.length > 0) undone.push(swap(done.pop()!));
          } else {
            const step = redo(db, id, Date.now(), known);
            if (step) known = step.known;
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
