/** The suggestions on a whole messy sheet, read as `muster check` reads it: what they fix, and that they fix nothing wrongly. */
import { describe, expect, it } from 'vitest';
import { checkSheet } from '../../../../src/core/intake';
import { applyToRows, suggestForSheet } from '../../../../src/core/suggestions';
import { messySheet } from '../../../fixtures/messy-sheet';

const FIELDS = ['external_id', 'name', 'email', 'locale'] as const;

describe.each([24, 7, 2026])('a messy sheet of 2,000 rows (seed %i)', (seed) => {
  const sheet = messySheet(2_000, seed);
  const check = checkSheet([{ name: 'messy', rows: [sheet.header, ...sheet.rows] }], { keepPayloads: true });
  const payloads = check.payloads!;
  const suggestions = suggestForSheet(payloads);
  const { rows: fixed } = applyToRows(payloads, check.participants, suggestions);

  it('is read row for row', () => {
    expect(check.columns.map((c) => c.maps_to)).toEqual(['external_id', 'name', 'email', 'locale']);
    expect(payloads).toHaveLength(sheet.truth.length);
  });

  it('has every slip with one right answer fixed to the value meant', () => {
    const oneAnswer = sheet.slips.filter((s) => s.oneAnswer);
    expect(oneAnswer.length).toBeGreaterThan(200);
    for (const slip of oneAnswer) {
      const field = slip.field as (typeof FIELDS)[number];
      expect([slip.row, slip.what, fixed[slip.row].participant[field]]).toEqual([slip.row, slip.what, sheet.truth[slip.row][field]]);
    }
  });

  it('changes no value to anything but what was meant', () => {
    for (let row = 0; row < fixed.length; row++) {
      for (const field of FIELDS) {
        const made = fixed[row].participant[field];
        if (made !== payloads[row].participant[field]) expect([row, field, made]).toEqual([row, field, sheet.truth[row][field]]);
      }
    }
  });

  it('offers the meant value among the choices of a slip without one right answer, or stays silent', () => {
    for (const slip of sheet.slips.filter((s) => !s.oneAnswer)) {
      const mine = suggestions[slip.row].filter((s) => s.field === slip.field || (slip.field === 'repeat' && s.kind === 'repeat'));
      if (slip.field === 'repeat') expect(mine).toEqual([expect.objectContaining({ kind: 'repeat', sure: false })]);
      else if (slip.field === 'locale') expect(mine[0].to).toContain(sheet.truth[slip.row].locale);
      else expect(mine.filter((s) => s.sure)).toEqual([]);
    }
  });

  it('suggests nothing for a row without a slip', () => {
    const slipped = new Set(sheet.slips.map((s) => s.row));
    const quiet = suggestions.filter((list, row) => !slipped.has(row) && list.length > 0);
    expect(quiet).toEqual([]);
  });
});
