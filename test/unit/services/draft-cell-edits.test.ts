import { describe, expect, it } from 'vitest';
import { editedRows } from '../../../src/services/usecases/draft-cell-edits';
import type { DraftRow } from '../../../src/services/mirror/queries/drafts/draft-rows';

describe('the rows cell edits change', () => {
  it('make one change per row with all its edits, in the order rows were first edited, leaving the held rows as they were', () => {
    const rows: DraftRow[] = [
      { position: 10, source_row: 2, participant: { name: 'Ada', email: 'a@x.de' }, notes: [{ kind: 'locale_blank', field: 'locale' }] },
      { position: 11, source_row: 3, participant: { name: 'Bo', email: 'b@x.de', locale: 'de_DE' } },
    ];
    const held = structuredClone(rows);
    const index = new Map(rows.map((r, i) => [r.position, i]));
    const changes = editedRows(rows, index, [
      { position: 11, field: 'name', value: 'Bob' },
      { position: 10, field: 'email', value: 'ada@x.de' },
      { position: 11, field: 'locale', value: 'sv_SE' },
      { position: 11, field: 'name', value: 'Bo E.' },
    ]);
    expect(changes).toEqual([
      { position: 11, after: { source_row: 3, participant: { name: 'Bo E.', email: 'b@x.de', locale: 'sv_SE' } } },
      { position: 10, after: { source_row: 2, participant: { name: 'Ada', email: 'ada@x.de' } } },
    ]);
    expect(rows).toEqual(held);
    expect(() => editedRows(rows, index, [{ position: 12, field: 'name', value: 'X' }])).toThrow('Row 12 is no longer in this draft.');
  });
});
