import { describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_FLAGS } from '../../../../src/core/contract/import-flags';
import { matchByEmail } from '../../../../src/core/participants/directory';
import { knownParticipants } from '../../../../src/core/participants/known';
import { parseParticipants } from '../../../../src/core/participants/parser';

const applied = (rows: object[], flags = {}) => ({ flags: { ...DEFAULT_IMPORT_FLAGS, ...flags }, participants: parseParticipants(rows) });
const family = [
  { external_id: 'F1', name: 'Fam Parent', email: 'family@example.com' },
  { external_id: 'F2', name: 'Fam Child', email: 'family@example.com' },
];

describe('the participants a computer knows of, from the imports it saw acted on', () => {
  it('hold a family that shares an address as two people, so a row with only that e-mail is a conflict', () => {
    const known = knownParticipants([applied(family)]);
    expect(matchByEmail(known, '', 'family@example.com').conflict).toBe('email_of_several_people');
    expect(known.idByExternalId('F1')).not.toBe(known.idByExternalId('F2'));
  });

  it('follow a member who moved to an address of their own in a later import', () => {
    const known = knownParticipants([applied(family), applied([{ external_id: 'F2', name: 'Fam Child', email: 'child@example.com' }])]);
    expect(matchByEmail(known, '', 'family@example.com')).toEqual({ id: known.idByExternalId('F1'), conflict: null });
  });

  it('forget the participants an import removed with destroy_unmatched_participants', () => {
    const known = knownParticipants([applied(family), applied([family[0]], { destroy_unmatched_participants: true })]);
    expect(known.idByExternalId('F2')).toBeUndefined();
    expect(matchByEmail(known, '', 'family@example.com').conflict).toBeNull();
  });

  it('leave out rows the action did not import: invalid ones and conflicts', () => {
    const known = knownParticipants([applied(family), applied([{ name: 'Intruder', email: 'family@example.com' }, { external_id: 'Q', name: '', email: 'q@example.com' }], { skip_invalid: true })]);
    expect(known.idsByEmailKey('family@example.com')).toHaveLength(2);
    expect(known.idByExternalId('Q')).toBeUndefined();
  });
});
