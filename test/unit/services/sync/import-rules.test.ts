import { describe, expect, it } from 'vitest';
import type { ParsedParticipant } from '../../../../src/core/contract/imports';
import { parseParticipants } from '../../../../src/core/participants/parser';
import { identitiesOf, sameFlags, sameIdentities } from '../../../../src/services/sync/imports/adopt';
import { compareParses } from '../../../../src/services/sync/imports/disagreements';
import { POLL_MAX_MS, POLL_MIN_MS, pollInterval } from '../../../../src/services/sync/imports/poll';
import { DEFAULT_IMPORT_FLAGS } from '../../../../src/core/contract/imports';

const rows = [
  { external_id: 7, name: ' Ada ', email: 'Ada@Example.com' },
  { external_id: '8', name: 'Alan', email: 'alan@example.com' },
];

describe('adoption compares content', () => {
  const service = parseParticipants(rows);

  it('reads the payload as the service will (trimmed, ids as text, e-mail without case)', () => {
    expect(identitiesOf(rows)).toEqual([
      ['7', 'ada@example.com', 'Ada'],
      ['8', 'alan@example.com', 'Alan'],
    ]);
    expect(sameIdentities(service, identitiesOf(rows))).toBe(true);
  });

  it('refuses a different count, order or person', () => {
    expect(sameIdentities(service.slice(0, 1), identitiesOf(rows))).toBe(false);
    expect(sameIdentities([...service].reverse(), identitiesOf(rows))).toBe(false);
    expect(sameIdentities(service, identitiesOf([rows[0], { ...rows[1], email: 'other@example.com' }]))).toBe(false);
    expect(sameIdentities(service, identitiesOf([rows[0], { ...rows[1], name: 'Alan T' }]))).toBe(false);
  });

  it('matches an action by all six flags', () => {
    const action = { ...DEFAULT_IMPORT_FLAGS, skip_invalid: true } as never;
    expect(sameFlags(action, { ...DEFAULT_IMPORT_FLAGS, skip_invalid: true })).toBe(true);
    expect(sameFlags(action, DEFAULT_IMPORT_FLAGS)).toBe(false);
  });
});

describe('parse disagreements', () => {
  const base = parseParticipants(rows);
  const clone = (): ParsedParticipant[] => JSON.parse(JSON.stringify(base));

  it('finds none when both parses agree, including a match only the service can make', () => {
    const service = clone();
    service[0].participant_id = 12;
    service[0].match_field = 'external_id';
    expect(compareParses(base, service)).toEqual([]);
  });

  it('names the row and field of invalid fields (as a set), duplicates and resolved demographics', () => {
    const offline = clone();
    offline[1].demographics = [{ exclusive: true, demographic_name: 'Female', demographic_category_name: 'Gender', demographic_category_id: 1, demographic_id: 2 }];
    offline[1].demographic_ids = [2];
    offline[0].invalid_fields = ['email', 'name'];
    const service = clone();
    service[0].invalid_fields = ['name', 'email'];
    service[1].invalid_fields = ['demographics'];
    service[1].duplicate_of_row = 1;
    service[1].demographic_ids = [3];
    expect(compareParses(offline, service)).toEqual([
      { row_number: 2, field: 'invalid_fields', offline: [], service: ['demographics'] },
      { row_number: 2, field: 'duplicate_of_row', offline: null, service: 1 },
      { row_number: 2, field: 'demographic_ids', offline: [2], service: [3] },
    ]);
  });

  it('names a row the service found sharing the e-mail of a participant it already has', () => {
    const service = clone();
    service[0].identity_conflict = 'email_of_another_person';
    expect(compareParses(base, service)).toEqual([{ row_number: 1, field: 'identity_conflict', offline: null, service: 'email_of_another_person' }]);
  });

  it('does not compare demographic ids the offline catalog could not resolve', () => {
    const service = clone();
    service[0].demographic_ids = [9];
    const offline = clone();
    offline[0].demographics = [{ exclusive: false, demographic_name: 'X', demographic_category_name: 'Y', demographic_category_id: null, demographic_id: null }];
    expect(compareParses(offline, service)).toEqual([]);
  });

  it('reports a different row count once', () => {
    expect(compareParses(base, base.slice(0, 1))).toEqual([{ row_number: 0, field: 'participants', offline: 2, service: 1 }]);
  });
});

describe('poll interval', () => {
  const progress = { total: 1000, processed: 0 };

  it('starts short and grows with the time spent polling, up to the cap', () => {
    expect(pollInterval(undefined, 0, progress)).toBe(POLL_MIN_MS);
    expect(pollInterval({ firstAt: 0, at: 0, processed: 0 }, 500, progress)).toBe(POLL_MIN_MS);
    expect(pollInterval({ firstAt: 0, at: 0, processed: 0 }, 8000, progress)).toBe(2000);
    expect(pollInterval({ firstAt: 0, at: 0, processed: 0 }, 60_000, progress)).toBe(POLL_MAX_MS);
  });

  it('never sleeps far past the end the progress rate predicts', () => {
    // 900 of 1000 done in the last 9 s: about 1 s left, so look again in half that.
    expect(pollInterval({ firstAt: 0, at: 51_000, processed: 0 }, 60_000, { total: 1000, processed: 900 })).toBe(500);
    expect(pollInterval({ firstAt: 0, at: 59_900, processed: 990 }, 60_000, { total: 1000, processed: 999 })).toBe(50);
  });
});
