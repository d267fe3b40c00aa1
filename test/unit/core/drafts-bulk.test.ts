import { describe, expect, it } from 'vitest';
import { findReplaceEdits, setColumnEdits, trimEdits, type BulkRow } from '../../../src/core/drafts/bulk';

const row = (position: number, cells: Partial<BulkRow['cells']>): BulkRow => ({ position, cells: { external_id: '', name: '', email: '', locale: '', note: '', demographics: '', ...cells } });
const rows = [row(1, { email: 'ada(at)example.com', locale: 'de-de' }), row(2, { email: 'bob(AT)example.com', locale: '' }), row(3, { name: ' Cleo ', locale: 'de_DE' })];

describe('bulk fixes', () => {
  it('find and replace in one column, with or without case, and says which cells change', () => {
    expect(findReplaceEdits(rows, { field: 'email', find: '(at)', replace: '@', matchCase: true, wholeCell: false })).toEqual([{ position: 1, field: 'email', value: 'ada@example.com' }]);
    expect(findReplaceEdits(rows, { field: 'email', find: '(at)', replace: '@', matchCase: false, wholeCell: false }).map((e) => e.value)).toEqual(['ada@example.com', 'bob@example.com']);
  });

  it('matches whole cells only when asked, and writes "$1" as typed', () => {
    expect(findReplaceEdits(rows, { field: 'locale', find: 'de-de', replace: 'de_DE', matchCase: false, wholeCell: true })).toEqual([{ position: 1, field: 'locale', value: 'de_DE' }]);
    expect(findReplaceEdits(rows, { field: null, find: 'Cleo', replace: '$1 & $&', matchCase: true, wholeCell: false })).toEqual([{ position: 3, field: 'name', value: ' $1 & $& ' }]);
    expect(findReplaceEdits(rows, { field: null, find: '', replace: 'x', matchCase: true, wholeCell: false })).toEqual([]);
  });

  it('trims and sets a column, blank cells only when asked', () => {
    expect(trimEdits(rows)).toEqual([{ position: 3, field: 'name', value: 'Cleo' }]);
    expect(setColumnEdits(rows, 'locale', 'en_US', true)).toEqual([{ position: 2, field: 'locale', value: 'en_US' }]);
    expect(setColumnEdits(rows, 'locale', 'de_DE', false).map((e) => e.position)).toEqual([1, 2]);
  });
});
