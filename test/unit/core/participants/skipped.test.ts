import { describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_FLAGS } from '../../../../src/core/contract/import-flags';
import { knownParticipants } from '../../../../src/core/participants/known';
import { parseParticipants } from '../../../../src/core/participants/parser';
import { skippedRows } from '../../../../src/core/participants/skipped';

const family = [
  { external_id: 'F1', name: 'Fam Parent', email: 'family@example.com' },
  { external_id: 'F2', name: 'Fam Child', email: 'family@example.com' },
];
// The event already holds a family sharing one address; the list adds a row with only that address.
const directory = knownParticipants([{ flags: { ...DEFAULT_IMPORT_FLAGS }, participants: parseParticipants(family) }]);
const list = parseParticipants(
  [
    { external_id: 'a1', name: 'Ann', email: 'ann@example.com' },
    { external_id: 'b1', name: 'Ben', email: 'ben(at)example.com', locale: 'xx_XX' },
    { external_id: 'a1', name: 'Ann again', email: 'ann@example.com' },
    { name: 'Someone of the family', email: 'family@example.com' },
  ],
  { directory },
);

describe('the rows an import action leaves out', () => {
  it('are each named with why, in the action’s order', () => {
    expect(skippedRows(list, { skip_invalid: true, skip_duplicate_identity_matches: true })).toEqual([
      { row_number: 2, reason: 'invalid', fields: ['email', 'locale'], repeats: null },
      { row_number: 3, reason: 'repeat', fields: [], repeats: 1 },
      { row_number: 4, reason: 'shared_email', fields: [], repeats: null },
    ]);
  });

  it('leave a repeat in when repeats are merged, and name no invalid row when the action would refuse the list instead', () => {
    expect(skippedRows(list, { skip_invalid: false, skip_duplicate_identity_matches: false })).toEqual([{ row_number: 4, reason: 'shared_email', fields: [], repeats: null }]);
  });
});
