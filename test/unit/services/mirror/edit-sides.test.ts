import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay, sidesOf } from '../../../../src/services/mirror/queries/drafts/edit-sides';
import type { DraftRowInput } from '../../../../src/services/mirror/queries/drafts/draft-rows';

// As the mirror keeps a row: JSON, where a field set to undefined is no field.
const stored = (row: DraftRowInput | null) => (row === null ? null : JSON.parse(JSON.stringify(row)));
const value = fc.oneof(fc.constant(undefined), fc.string({ maxLength: 4 }), fc.integer(), fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 3 }));
const participant = fc.record({ name: fc.string({ maxLength: 4 }), email: value, note: value, demographics: value }, { requiredKeys: ['name'] });
const notes = fc.option(fc.constant([{ kind: 'email_fallback' as const, field: 'email' as const, value: 'a@b.c', columns: ['F', 'E'], headers: ['x', 'y'] }]), { nil: undefined });
const row = fc.option(
  fc.record({ source_row: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }), participant, notes }, { requiredKeys: ['source_row', 'participant'] }),
  { nil: null },
) as fc.Arbitrary<DraftRowInput | null>;

describe('the sides the undo history keeps', () => {
  it('write what writing the whole rows would: undo over the row after, redo over the row before', () => {
    // A write as the mirror makes it (draft-rows.ts): a row without notes keeps the ones it has.
    const write = (current: DraftRowInput | null, written: DraftRowInput | null): DraftRowInput | null =>
      stored(written === null ? null : { ...written, notes: written.notes?.length ? written.notes : current?.notes });
    fc.assert(
      fc.property(row, row, (before, after) => {
        const [back, forth] = JSON.parse(JSON.stringify(sidesOf(before, after)));
        const made = write(stored(before), after);
        const undone = write(made, replay('patches', back, made));
        expect(undone).toEqual(write(made, before));
        expect(write(undone, replay('patches', forth, undone))).toEqual(write(undone, after));
      }),
      { numRuns: 1000 },
    );
  });

  it('keep a one-field fix as that field alone', () => {
    const before = { source_row: 4, participant: { name: 'Ana', email: 'ana@gmial.com', demographics: [{ demographic_category_name: 'Gender', demographic_name: 'Female' }] } };
    const after = { source_row: 4, participant: { name: 'Ana', email: 'ana@gmail.com', demographics: [{ demographic_category_name: 'Gender', demographic_name: 'Female' }] } };
    expect(sidesOf(before, after)).toEqual([{ set: { email: 'ana@gmial.com' } }, { set: { email: 'ana@gmail.com' } }]);
  });

  it('keep whole rows for an added or deleted row, another sheet row, or other notes', () => {
    const a = { source_row: 4, participant: { name: 'Ana' } };
    expect(sidesOf(null, a)).toEqual([null, { row: a }]);
    expect(sidesOf(a, null)).toEqual([{ row: a }, null]);
    expect(sidesOf(a, { ...a, source_row: 5 })).toEqual([{ row: a }, { row: { ...a, source_row: 5 } }]);
    const noted = { ...a, notes: [{ kind: 'email_fallback' as const, field: 'email' as const, value: 'x', columns: ['F'], headers: ['y'] }] };
    expect(sidesOf(a, noted)).toEqual([{ row: a }, { row: noted }]);
  });

  it('replay a step logged with whole rows as it was logged', () => {
    const a = { source_row: 4, participant: { name: 'Ana' } };
    expect(replay('rows', a, { source_row: 1, participant: { name: 'Other' } })).toBe(a);
    expect(replay('rows', null, a)).toBeNull();
  });
});
