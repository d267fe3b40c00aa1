import { describe, expect, it } from 'vitest';
import { matchByEmail, ParticipantIndex } from '../../../../src/core/participants/directory';
import { parseParticipant, parseParticipants } from '../../../../src/core/participants/parser';

/** An event where F1 and F2 (a parent and a child) share one address, Solo has their own, and Anon has no external id. */
function family(): ParticipantIndex {
  const index = new ParticipantIndex();
  index.add(1, 'F1', 'family@example.com');
  index.add(2, 'F2', 'family@example.com');
  index.add(3, 'S-1', 'solo@example.com');
  index.add(4, '', 'anon@example.com');
  return index;
}

describe('matchByEmail', () => {
  it('matches the one participant an e-mail names', () => {
    expect(matchByEmail(family(), '', 'solo@example.com')).toEqual({ id: 3, conflict: null });
    expect(matchByEmail(family(), 'A-9', 'anon@example.com')).toEqual({ id: 4, conflict: null });
  });

  it('matches no one when the e-mail belongs to several participants and the row could be any of them', () => {
    expect(matchByEmail(family(), '', 'family@example.com')).toEqual({ id: null, conflict: 'email_of_several_people' });
  });

  it('keeps a row with its own external id apart from a family that does not include it', () => {
    expect(matchByEmail(family(), 'F3', 'family@example.com')).toEqual({ id: null, conflict: 'email_of_another_person' });
  });

  it('does not pick among holders even when only one of them has no external id', () => {
    const index = family();
    index.add(5, '', 'family@example.com');
    expect(matchByEmail(index, 'F3', 'family@example.com')).toEqual({ id: null, conflict: 'email_of_several_people' });
  });

  it('follows a participant whose e-mail changed: the old address names one person again', () => {
    const index = family();
    index.update(2, 'F2', 'child@example.com');
    expect(matchByEmail(index, '', 'family@example.com')).toEqual({ id: 1, conflict: null });
    expect(index.idsByEmailKey('child@example.com')).toEqual([2]);
  });
});

describe('parseParticipant against a family sharing an address', () => {
  it('reports a row with only the shared e-mail as a conflict and matches no one', () => {
    const parsed = parseParticipant({ name: 'Intruder', email: 'FAMILY@example.com' }, 1, { directory: family() });
    expect(parsed).toMatchObject({ participant_id: null, match_field: null, identity_conflict: 'email_of_several_people', invalid_fields: [] });
  });

  it('still matches a family member by their external id', () => {
    const parsed = parseParticipant({ external_id: 'F2', name: 'Fam Child', email: 'family@example.com' }, 1, { directory: family() });
    expect(parsed).toMatchObject({ participant_id: 2, match_field: 'external_id', identity_conflict: null });
  });

  it('keeps the conflict with the event when the payload repeats the e-mail', () => {
    const parsed = parseParticipants(
      [
        { name: 'Intruder', email: 'family@example.com' },
        { external_id: 'Z', name: 'Other', email: 'family@example.com' },
      ],
      { directory: family() },
    );
    expect(parsed.map((p) => [p.duplicate_of_row, p.identity_conflict])).toEqual([
      [null, 'email_of_several_people'],
      [1, 'email_of_another_person'],
    ]);
  });
});
