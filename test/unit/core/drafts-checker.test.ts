import { describe, expect, it } from 'vitest';
import { DraftChecker } from '../../../src/core/drafts/checker';
import { ParticipantIndex } from '../../../src/core/participants/directory';
import { parseParticipants } from '../../../src/core/participants/parser';
import { cellsOf, demographicsOf, withCell } from '../../../src/core/drafts/cells';
import type { ParticipantInput } from '../../../src/core/contract/imports';

const person = (i: number, over: Partial<ParticipantInput> = {}): ParticipantInput => ({ external_id: `e${i}`, name: `P ${i}`, email: `p${i}@example.com`, ...over });

describe('the draft checker', () => {
  it('agrees with a whole new check after any sequence of edits', () => {
    const rows = Array.from({ length: 30 }, (_, i) => person(i, i % 7 === 0 ? { email: 'shared@example.com' } : {}));
    const checker = new DraftChecker(rows);
    const edits: [number, Partial<ParticipantInput>][] = [
      [3, { email: 'bad' }],
      [7, { email: 'p7@example.com' }],
      [14, { external_id: 'e0' }],
      [0, { email: 'p0@example.com' }],
      [3, { email: 'p3@example.com' }],
      [21, { name: '' }],
    ];
    for (const [index, change] of edits) {
      rows[index] = { ...rows[index], ...change };
      checker.replace([{ index, participant: rows[index] }]);
      const fresh = parseParticipants(rows);
      for (let i = 0; i < rows.length; i++) expect(checker.at(i), `row ${i} after editing ${index}`).toEqual(fresh[i]);
    }
  });

  it('answers the edited row and every row whose repeat mark changed, nothing else', () => {
    const rows = [person(1), person(2), person(3, { email: 'p1@example.com' })];
    const checker = new DraftChecker(rows);
    expect(checker.counts()).toEqual({ invalid: 0, duplicates: 1 });
    // Row 0 takes another e-mail: row 2 no longer repeats it.
    expect(checker.replace([{ index: 0, participant: person(1, { email: 'new@example.com' }) }])).toEqual([0, 2]);
    expect(checker.counts()).toEqual({ invalid: 0, duplicates: 0 });
    expect(checker.replace([{ index: 1, participant: person(2, { email: 'nope' }) }])).toEqual([1]);
    expect(checker.counts()).toEqual({ invalid: 1, duplicates: 0 });
  });
});

describe('grid cells', () => {
  it('show every field as text and read demographics back from "Category: value" parts', () => {
    const p: ParticipantInput = { external_id: 42, name: 'Ada', email: 'a@example.com', locale: null, demographics: [{ demographic_category_name: 'Gender', demographic_name: 'Female' }] };
    expect(cellsOf(p)).toEqual({ external_id: '42', name: 'Ada', email: 'a@example.com', locale: '', note: '', demographics: 'Gender: Female' });
    expect(demographicsOf(' Gender: Male ; Age Group: 25-34;;Vegan')).toEqual([
      { demographic_category_name: 'Gender', demographic_name: 'Male' },
      { demographic_category_name: 'Age Group', demographic_name: '25-34' },
      { demographic_category_name: '', demographic_name: 'Vegan' },
    ]);
    expect(withCell(p, 'name', '=1+1').name).toBe('=1+1');
  });
});

describe('the draft checker under random edits', () => {
  it('always equals a whole new check, for edits that make and break repeats', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pool = { ids: ['', 'a', 'b', 'c', 'A'], emails: ['', 'x@example.com', 'X@example.com', 'y@example.com', 'bad', 'z@example.com'] };
    const rows: ParticipantInput[] = Array.from({ length: 40 }, () => ({ name: 'N', external_id: pool.ids[random(5)], email: pool.emails[random(6)] }));
    const checker = new DraftChecker(rows);
    for (let step = 0; step < 300; step++) {
      const count = 1 + random(3);
      const changes = Array.from({ length: count }, () => {
        const index = random(rows.length);
        rows[index] = { name: random(10) === 0 ? '' : 'N', external_id: pool.ids[random(5)], email: pool.emails[random(6)] };
        return { index, participant: rows[index] };
      });
      const before = rows.map((_, i) => JSON.stringify(checker.at(i)));
      const touched = checker.replace(changes);
      const fresh = parseParticipants(rows);
      for (let i = 0; i < rows.length; i++) {
        expect(checker.at(i), `row ${i} at step ${step}`).toEqual(fresh[i]);
        // Every row that changed is answered as touched.
        if (JSON.stringify(fresh[i]) !== before[i]) expect(touched).toContain(i);
      }
      // The summary's counts are kept edit by edit; they must match a count of the whole check.
      const invalid = fresh.filter((p) => p.invalid_fields.length > 0).length;
      const duplicates = fresh.filter((p) => p.invalid_fields.length === 0 && (p.duplicate_of_row !== null || p.identity_conflict !== null)).length;
      expect(checker.counts(), `counts at step ${step}`).toEqual({ invalid, duplicates });
    }
  });
});

describe('the draft checker under edits of one key at a time', () => {
  it('equals a whole new check when only the e-mail or only the external id of rows changes', () => {
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pool = { ids: ['', 'a', 'b', 'c', 'A'], emails: ['', 'x@example.com', 'X@example.com', 'y@example.com', 'bad'] };
    const rows: ParticipantInput[] = Array.from({ length: 40 }, () => ({ name: 'N', external_id: pool.ids[random(5)], email: pool.emails[random(5)] }));
    const checker = new DraftChecker(rows);
    for (let step = 0; step < 400; step++) {
      const changes = Array.from({ length: 1 + random(3) }, () => {
        const index = random(rows.length);
        rows[index] = random(2) === 0 ? { ...rows[index], email: pool.emails[random(5)] } : { ...rows[index], external_id: pool.ids[random(5)] };
        return { index, participant: rows[index] };
      });
      const before = rows.map((_, i) => JSON.stringify(checker.at(i)));
      const touched = checker.replace(changes);
      const fresh = parseParticipants(rows);
      for (let i = 0; i < rows.length; i++) {
        expect(checker.at(i), `row ${i} at step ${step}`).toEqual(fresh[i]);
        if (JSON.stringify(fresh[i]) !== before[i]) expect(touched).toContain(i);
      }
    }
  });
});

describe('merging two rows of one person', () => {
  it('keeps every value of the earlier row and fills only its blanks, demographics joined without repeats', async () => {
    const { mergeParticipants } = await import('../../../src/core/drafts/merge-rows');
    const keep: ParticipantInput = { external_id: 'k1', name: 'Ada', email: 'ada@example.com', locale: '', demographics: [{ demographic_category_name: 'Gender', demographic_name: 'Female' }] };
    const other: ParticipantInput = { external_id: 'k1', name: 'Ada L.', email: 'ADA@example.com', locale: 'en_GB', note: 'vegan', demographics: [{ demographic_category_name: 'gender', demographic_name: 'female' }, { demographic_category_name: 'Age Group', demographic_name: '25-34' }] };
    expect(mergeParticipants(keep, other)).toEqual({
      external_id: 'k1',
      name: 'Ada',
      email: 'ada@example.com',
      locale: 'en_GB',
      note: 'vegan',
      demographics: [{ demographic_category_name: 'Gender', demographic_name: 'Female' }, { demographic_category_name: 'Age Group', demographic_name: '25-34' }],
    });
  });
});

describe('the draft checker against the event’s participants', () => {
  it('always equals a whole new check with the same participants, family e-mails included', () => {
    const family = new ParticipantIndex();
    family.add(1, 'a', 'x@example.com');
    family.add(2, 'b', 'x@example.com');
    family.add(3, '', 'y@example.com');
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pool = { ids: ['', 'a', 'b', 'c'], emails: ['', 'x@example.com', 'X@example.com', 'y@example.com', 'z@example.com'] };
    const draw = (): ParticipantInput => ({ name: 'N', external_id: pool.ids[random(4)], email: pool.emails[random(5)] });
    const rows = Array.from({ length: 30 }, draw);
    const checker = new DraftChecker(rows, { directory: family });
    for (let step = 0; step < 200; step++) {
      const index = random(rows.length);
      rows[index] = draw();
      checker.replace([{ index, participant: rows[index] }]);
      const fresh = parseParticipants(rows, { directory: family });
      for (let i = 0; i < rows.length; i++) expect(checker.at(i), `row ${i} at step ${step}`).toEqual(fresh[i]);
    }
    expect(parseParticipants(rows, { directory: family }).some((p) => p.identity_conflict === 'email_of_several_people')).toBe(true);
  });
});
