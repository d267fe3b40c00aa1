import { describe, expect, it } from 'vitest';
import { entryRepeat } from '../../../src/core/drafts/entry-repeat';

const rows = [
  { position: 0, cells: { external_id: 'w1', name: 'Ada', email: 'ada@example.com' } },
  { position: 3, cells: { external_id: '', name: 'Bob', email: 'Bob@Example.com' } },
];

describe('a person typed into quick entry who is already in the list', () => {
  it('is found by external id or by e-mail, without regard to case or spaces, by grid row', () => {
    expect(entryRepeat(rows, { external_id: ' W1 ', email: '' })).toEqual({ row: 1, name: 'Ada', field: 'external_id' });
    expect(entryRepeat(rows, { external_id: 'w9', email: 'bob@example.com ' })).toEqual({ row: 2, name: 'Bob', field: 'email' });
  });

  it('is not found while nothing identifying is typed, nor for a new person', () => {
    expect(entryRepeat(rows, { external_id: '', email: '' })).toBeNull();
    expect(entryRepeat(rows, { external_id: 'w2', email: 'cleo@example.com' })).toBeNull();
  });
});
