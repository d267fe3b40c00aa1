import { describe, expect, it } from 'vitest';
import { suggestFixes } from '../../../../src/core/suggestions';
import { saidFix } from '../../../support/words';

const only = (row: Record<string, unknown>) => suggestFixes([row])[0];

describe('names, notes and ids with stray spaces or invisible characters', () => {
  it.each([
    ['Ana  Lima', 'Ana Lima', 'spaces'],
    [' Ana Lima ', 'Ana Lima', 'spaces'],
    ['Ana\u00a0Lima', 'Ana Lima', 'invisible'],
    ['Ana\u200bLima', 'AnaLima', 'invisible'],
    ['\ufeffAna Lima', 'Ana Lima', 'invisible'],
  ])('the name %j becomes %j', (from, to, kind) => {
    expect(only({ name: from, email: 'a@x.de' })).toEqual([expect.objectContaining({ field: 'name', from, to: [to], sure: true, kind })]);
  });

  it('keeps a note’s inner spacing but takes out invisible characters', () => {
    expect(only({ name: 'A', email: 'a@x.de', note: 'Allergies:  nuts' })).toEqual([]);
    expect(only({ name: 'A', email: 'a@x.de', note: 'nuts\u200b' })).toEqual([expect.objectContaining({ field: 'note', to: ['nuts'] })]);
  });

  it('tidies an id as a name', () => {
    expect(only({ external_id: 'A 12\u00a0', name: 'A', email: 'a@x.de' })).toEqual([expect.objectContaining({ field: 'external_id', to: ['A 12'] })]);
  });
});

describe('ids a spreadsheet mangled', () => {
  it('reads an id in scientific notation back when every digit is shown', () => {
    expect(only({ external_id: '1.23456E+05', name: 'A', email: 'a@x.de' })).toEqual([
      expect.objectContaining({ field: 'external_id', to: ['123456'], sure: true, kind: 'id-scientific' }),
    ]);
  });

  it('flags an id whose digits were lost to scientific notation with its likely original, without applying it', () => {
    const [s] = only({ external_id: '1.23E+05', name: 'A', email: 'a@x.de' });
    expect(s).toMatchObject({ to: ['123000'], sure: false, kind: 'id-scientific' });
    expect(saidFix(s.reason)).toMatch(/3 of its 6 digits/);
  });

  const column = (ids: string[]) => suggestFixes(ids.map((external_id, i) => ({ external_id, name: `P${i}`, email: `p${i}@x.de` })));

  it('puts back the leading zeros where the column’s other ids keep theirs', () => {
    const found = column(['00123', '00456', '789', '01234', '05678', '12345']);
    expect(found[2]).toEqual([expect.objectContaining({ from: '789', to: ['00789'], sure: true, kind: 'id-leading-zero' })]);
    expect(found.filter((s) => s.length > 0)).toHaveLength(1);
  });

  it('does not pad when no id of the column starts with a zero, or when the padded id is taken', () => {
    expect(column(['10123', '20456', '789', '31234', '45678']).flat()).toEqual([]);
    const taken = column(['00123', '00456', '123', '01234', '05678']);
    expect(taken[2]).toEqual([expect.objectContaining({ to: ['00123'], sure: false })]);
  });

  it('pads an id whose padded form a later row of the same person holds', () => {
    const rows = ['00123', '00456', '789', '01234', '05678', '00789'].map((external_id, i) => ({ external_id, name: 'P', email: i === 5 ? 'p2@x.de' : `p${i}@x.de` }));
    const found = suggestFixes(rows);
    expect(found[2]).toEqual([expect.objectContaining({ to: ['00789'], sure: true })]);
    expect(found[5]).toEqual([expect.objectContaining({ kind: 'repeat', to: ['remove', 'merge into row 3'] })]);
  });
});

describe('demographics', () => {
  it('asks the suggester given for each entry and names the category in the field', () => {
    const rows = [{ name: 'A', email: 'a@x.de', demographics: [{ demographic_category_name: 'Gender', demographic_name: 'w' }] }];
    const found = suggestFixes(rows, { demographics: (_category, value) => (value === 'w' ? { to: ['Female'], sure: true, kind: 'demographic', reason: { code: 'demographic_word', params: { category: 'Gender', to: 'Female' } } } : null) });
    expect(found[0]).toEqual([expect.objectContaining({ field: 'demographics:Gender', from: 'w', to: ['Female'] })]);
    expect(suggestFixes(rows)[0]).toEqual([]);
  });
});
