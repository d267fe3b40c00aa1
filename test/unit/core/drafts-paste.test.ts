import { describe, expect, it } from 'vitest';
import { pastedBlock, withoutTrailingBlankRows } from '../../../src/core/drafts/paste';

const shown = [{ position: 10 }, { position: 11 }, { position: 14 }];
const block = [
  ['Quinn', 'q@example.com', 'de_DE'],
  ['Ria', 'r@example.com', 'fr_FR'],
  ['Sol', 's@example.com', 'en_US'],
  ['Tom', 't@example.com', ''],
];

describe('a block pasted into the grid', () => {
  it('covers the shown rows from the focused cell rightwards, and adds the rows below the last', () => {
    const pasted = pastedBlock(block, shown, { position: 11, field: 'name' }, { grow: true });
    expect(pasted.edits).toEqual([
      { position: 11, field: 'name', value: 'Quinn' },
      { position: 11, field: 'email', value: 'q@example.com' },
      { position: 11, field: 'locale', value: 'de_DE' },
      { position: 14, field: 'name', value: 'Ria' },
      { position: 14, field: 'email', value: 'r@example.com' },
      { position: 14, field: 'locale', value: 'fr_FR' },
    ]);
    expect(pasted.rows).toEqual([
      [{ field: 'name', value: 'Sol' }, { field: 'email', value: 's@example.com' }, { field: 'locale', value: 'en_US' }],
      [{ field: 'name', value: 'Tom' }, { field: 'email', value: 't@example.com' }, { field: 'locale', value: '' }],
    ]);
  });

  it('leaves out columns past the last, adds no rows where only some are shown, and lands nowhere without its cell', () => {
    expect(pastedBlock([['a', 'b']], shown, { position: 10, field: 'demographics' }, { grow: true }).edits).toEqual([{ position: 10, field: 'demographics', value: 'a' }]);
    expect(pastedBlock(block, shown, { position: 14, field: 'name' }, { grow: false })).toMatchObject({ rows: [] });
    expect(pastedBlock(block, shown, { position: 12, field: 'name' }, { grow: true })).toEqual({ edits: [], rows: [] });
  });

  it('drops the blank line a copied block ends with, but keeps blank rows inside it', () => {
    expect(withoutTrailingBlankRows([['a'], [''], ['b'], [''], ['', '']])).toEqual([['a'], [''], ['b']]);
    expect(withoutTrailingBlankRows([['']])).toEqual([['']]);
  });
});
