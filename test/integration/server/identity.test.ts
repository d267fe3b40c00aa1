import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRow } from '../../../src/server/store/events';
import { demographicNames, freshEvent, gender, participantsOf } from '../../support/events';
import { startTestService, waitForAction, type TestService } from '../../support/service';
import { emailKey } from '../../../src/core/participants/email';
import { ParticipantIndex } from '../../../src/core/participants/directory';
import { parseParticipants } from '../../../src/core/participants/parser';

// Identity on the real service: no row overwrites another person, and a re-import is idempotent.
let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

/** Records the import, reads the service's parse, then runs the action: the app's own order. */
async function importNow(event: EventRow, participants: object[], flags: object = {}) {
  const client = service.client();
  const created = await client.post('/api/v1/participant_imports', { external_event_id: event.external_event_id, participants });
  expect(created.status).toBe(201);
  const parse = await client.get(`/api/v1/participant_imports/${created.body.response.id}/parser`);
  const started = await client.post('/api/v1/participant_import_actions', { participant_import_id: created.body.response.id, ...flags });
  expect(started.status).toBe(201);
  const action = await waitForAction(client, started.body.response.id);
  expect(action.status).toBe('completed');
  return { result: action.result, parsed: parse.body.response.participants };
}

const people = (event: EventRow) =>
  participantsOf(service, event)
    .map(({ id, external_id, name, email }) => ({ id, external_id, name, email }))
    .sort((a, b) => a.id - b.id);

describe('two people who share an e-mail', () => {
  const sheet = [
    { external_id: '00123', name: 'Ana María Pérez', email: 'ana.perez@example.com' },
    { external_id: 'B-15', name: 'Dup Email', email: 'ana.perez@example.com' },
  ];

  it('stay two participants, each with their own external id and name, and the row is reported', async () => {
    const event = freshEvent(service);
    const { result, parsed } = await importNow(event, sheet);
    expect(people(event).map(({ external_id, name }) => [external_id, name])).toEqual([
      ['00123', 'Ana María Pérez'],
      ['B-15', 'Dup Email'],
    ]);
    expect(result).toMatchObject({ created: 2, updated: 0, identity_conflicts: 1, merged_duplicates: 0 });
    // Row 2 shares row 1's e-mail under another external id.
    expect(parsed[1]).toMatchObject({ duplicate_of_row: 1, identity_conflict: 'email_of_another_person' });
  });

  it('give the same participants when the same sheet is imported again, every row matched by its external id', async () => {
    const event = freshEvent(service);
    await importNow(event, sheet);
    const first = people(event);
    const again = await importNow(event, sheet);
    expect(people(event)).toEqual(first);
    expect(again.parsed.map((p: any) => [p.match_field, p.participant_id])).toEqual(first.map((p) => ['external_id', p.id]));
    expect(again.result).toMatchObject({ created: 0, updated: 2 });
  });

  it('are skipped, not merged, with skip_duplicate_identity_matches', async () => {
    const event = freshEvent(service);
    const { result } = await importNow(event, sheet, { skip_duplicate_identity_matches: true });
    expect(people(event).map((p) => p.external_id)).toEqual(['00123']);
    expect(result).toMatchObject({ created: 1, skipped_duplicates: 1 });
  });
});

describe('a participant matched by e-mail', () => {
  it('keeps its external id when a row with another external id carries its e-mail', async () => {
    const event = freshEvent(service);
    await importNow(event, [{ external_id: 'X-1', name: 'Bob', email: 'bob@example.com' }]);
    const { result, parsed } = await importNow(event, [{ external_id: 'Y-2', name: 'Robert', email: 'bob@example.com' }]);
    expect(parsed[0]).toMatchObject({ participant_id: null, match_field: null, identity_conflict: 'email_of_another_person' });
    expect(people(event).map(({ external_id, name }) => [external_id, name])).toEqual([
      ['X-1', 'Bob'],
      ['Y-2', 'Robert'],
    ]);
    expect(result).toMatchObject({ created: 1, updated: 0, identity_conflicts: 1 });
  });

  it('takes the row’s external id when it had none', async () => {
    const event = freshEvent(service);
    await importNow(event, [{ name: 'Cleo', email: 'cleo@example.com' }]);
    const { parsed } = await importNow(event, [{ external_id: 'C-3', name: 'Cleo', email: 'cleo@example.com' }]);
    expect(parsed[0]).toMatchObject({ match_field: 'email', identity_conflict: null });
    expect(people(event).map((p) => p.external_id)).toEqual(['C-3']);
  });
});

describe('a family sharing an address', () => {
  const family = [
    { external_id: 'F1', name: 'Fam Parent', email: 'family@example.com' },
    { external_id: 'F2', name: 'Fam Child', email: 'family@example.com' },
  ];

  it('is not rewritten by a row that has only the shared e-mail: the row is a conflict, parsed and acted on as one', async () => {
    const event = freshEvent(service);
    await importNow(event, family);
    const { result, parsed } = await importNow(event, [{ external_id: '', name: 'Intruder', email: 'FAMILY@example.com', demographics: [gender('Male')] }]);
    expect(parsed[0]).toMatchObject({ participant_id: null, match_field: null, identity_conflict: 'email_of_several_people' });
    expect(people(event).map(({ external_id, name }) => [external_id, name])).toEqual([
      ['F1', 'Fam Parent'],
      ['F2', 'Fam Child'],
    ]);
    expect(people(event).map((p) => demographicNames(service, p.id))).toEqual([[], []]);
    expect(result).toMatchObject({ created: 0, updated: 0, identity_conflicts: 1, skipped_conflicts: 1 });
  });

  it('counts the conflict in the import’s own parse summary and spares the family from destroy_unmatched_participants', async () => {
    const event = freshEvent(service);
    await importNow(event, family);
    const { result } = await importNow(event, [{ name: 'Intruder', email: 'family@example.com' }], { destroy_unmatched_participants: true, skip_invalid: true });
    expect(people(event).map((p) => p.name)).toEqual(['Fam Parent', 'Fam Child']);
    expect(result).toMatchObject({ destroyed: 0, skipped_conflicts: 1 });
  });

  it('still lets each member be updated by their external id', async () => {
    const event = freshEvent(service);
    await importNow(event, family);
    const { parsed } = await importNow(event, [{ external_id: 'F2', name: 'Fam Teen', email: 'family@example.com' }]);
    expect(parsed[0]).toMatchObject({ match_field: 'external_id', identity_conflict: null });
    expect(people(event).map((p) => p.name)).toEqual(['Fam Parent', 'Fam Teen']);
  });
});

describe('one person listed twice', () => {
  it('is merged: the first row’s fields stay, the second row’s demographics are added', async () => {
    const event = freshEvent(service);
    const { result } = await importNow(event, [
      { external_id: 'D-4', name: 'Dana', email: 'dana@example.com', demographics: [gender('Female')] },
      { external_id: 'D-4', name: 'Dana Typo', email: 'dana@typo.example.com', demographics: [{ demographic_category_name: 'Age Group', demographic_name: '25-34' }] },
    ]);
    const [dana] = people(event);
    expect(people(event)).toHaveLength(1);
    expect([dana.name, dana.email]).toEqual(['Dana', 'dana@example.com']);
    expect(demographicNames(service, dana.id)).toEqual(['Age Group: 25-34', 'Gender: Female']);
    expect(result).toMatchObject({ created: 1, updated: 1, merged_duplicates: 1 });
  });
});

describe('re-import, for any payload of colliding ids and e-mails', () => {
  it('yields the same participants, and never gives a participant another external id', async () => {
    const ids = ['', '', 'A', 'B', 'C'];
    const emails = ['a@example.com', 'b@example.com', 'A@EXAMPLE.COM', 'c@example.com'];
    const row = fc.record({ external_id: fc.constantFrom(...ids), email: fc.constantFrom(...emails), name: fc.constantFrom('Ann', 'Ben', 'Cy') });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 8 }), async (payload) => {
        const event = freshEvent(service);
        await importNow(event, payload);
        const first = people(event);
        const again = await importNow(event, payload);
        expect(people(event)).toEqual(first);
        // Each external id of the payload names one participant, and rows that have one are matched by it.
        for (const id of new Set(payload.map((p) => p.external_id).filter(Boolean))) expect(first.filter((p) => p.external_id === id)).toHaveLength(1);
        again.parsed.forEach((p: any, i: number) => {
          if (payload[i].external_id !== '') expect(p.match_field).toBe('external_id');
        });
      }),
      { numRuns: 25, seed: 12 },
    );
  });
});

describe('random payloads against a family that shares an address', () => {
  it('parse offline as the service parses them, and never change a family member but through their own external id', async () => {
    // Rows keep each person's address, so only an e-mail can make them ambiguous.
    const identities = [['F1', 'family@example.com'], ['F2', 'FAMILY@example.com'], ['', 'family@example.com'], ['', 'Family@Example.com'], ['N1', 'family@example.com'], ['N2', 'n2@example.com'], ['', 'solo@example.com']];
    const row = fc.record({ identity: fc.constantFrom(...identities), name: fc.constantFrom('Intruder', 'Guest', 'Renamed') });
    const family = fc.record({ guest: fc.boolean(), rows: fc.array(row, { minLength: 1, maxLength: 8 }) });
    await fc.assert(
      fc.asyncProperty(family, async ({ guest, rows }) => {
        const event = freshEvent(service);
        const members = [
          { external_id: 'F1', name: 'Fam Parent', email: 'family@example.com' },
          { external_id: 'F2', name: 'Fam Child', email: 'family@example.com' },
          ...(guest ? [{ external_id: '', name: 'Fam Guest', email: 'family@example.com' }] : []),
        ];
        await importNow(event, members);
        const directory = new ParticipantIndex();
        for (const p of participantsOf(service, event)) directory.add(p.id, p.external_id, emailKey(p.email));
        const payload = rows.map(({ identity: [external_id, email], name }) => ({ external_id, email, name }));

        const { result, parsed } = await importNow(event, payload);
        const offline = parseParticipants(payload, { directory });
        expect(parsed.map(({ matched_participant: _, ...p }: any) => p)).toEqual(offline);

        const several = offline.filter((p) => p.identity_conflict === 'email_of_several_people').length;
        expect(result.skipped_conflicts).toBe(several);
        for (const member of members.filter((m) => m.external_id !== '')) {
          const at = payload.findIndex((p) => p.external_id === member.external_id);
          const name = people(event).find((p) => p.external_id === member.external_id)?.name;
          // Only a row with the member's own external id may rename them; a row that repeats an
          // earlier row's person is merged (demographics only), which keeps the name.
          const merged = at >= 0 && offline[at].duplicate_of_row !== null && offline[at].identity_conflict === null;
          if (at < 0 || merged) expect(name).toBe(member.name);
          else expect(name).toBe(payload[at].name);
        }
      }),
      { numRuns: 30, seed: 21 },
    );
  });
});
