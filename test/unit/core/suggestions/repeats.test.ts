import { describe, expect, it } from 'vitest';
import { mergeParticipants } from '../../../../src/core/drafts/merge-rows';
import { applySure, suggestFixes } from '../../../../src/core/suggestions';
import { saidFix } from '../../../support/words';

describe('repeated rows', () => {
  it('offers merging first when the repeat adds something, and says what each choice keeps', () => {
    const rows = [
      { external_id: '', name: 'Ana Lima', email: 'ana@x.de' },
      { external_id: '', name: 'Ana Lima', email: 'ANA@x.de', locale: 'de_DE', note: 'vegan' },
    ];
    const [first, second] = suggestFixes(rows, { rowLabel: (i) => i + 2 });
    expect(first).toEqual([]);
    expect(second).toEqual([expect.objectContaining({ field: 'email', kind: 'repeat', sure: false, to: ['merge into row 2', 'remove'] })]);
    expect(second[0].choices).toEqual([{ action: 'merge', into: 0 }, { action: 'remove', into: 0 }]);
    // The reason names what the merge adds, which is what mergeParticipants really takes.
    const merged = mergeParticipants(rows[0], rows[1]);
    expect(merged.locale).toBe('de_DE');
    expect(saidFix(second[0].reason)).toMatch(/adds this row’s locale de_DE and note vegan/);
    expect(saidFix(second[0].reason)).toMatch(/removing drops/);
  });

  it('offers removing first when the repeat adds nothing, and names what differs', () => {
    const rows = [
      { external_id: '7', name: 'Ana Lima', email: 'ana@x.de' },
      { external_id: '7', name: 'Ana L.', email: 'ana@x.de' },
    ];
    const [, second] = suggestFixes(rows);
    expect(second[0]).toMatchObject({ field: 'external_id', from: '7', to: ['remove', 'merge into row 1'] });
    expect(saidFix(second[0].reason)).toMatch(/name “Ana L\.” is dropped/);
  });

  it('sees a repeat once a sure fix is made, and compares the fixed values', () => {
    const rows = [
      { name: 'Bo\u00a0Ek', email: 'bo@gmial.com' },
      { name: 'Bo Ek', email: 'Bo Ek <bo@gmail.com>' },
    ];
    const found = suggestFixes(rows);
    const repeat = found[1].find((s) => s.kind === 'repeat')!;
    expect(repeat).toMatchObject({ to: ['remove', 'merge into row 1'] });
    expect(saidFix(repeat.reason)).not.toMatch(/dropped/);
  });

  it('never takes two people who share an e-mail for a repeat', () => {
    const rows = [
      { external_id: '1', name: 'Ana', email: 'family@x.de' },
      { external_id: '2', name: 'Bo', email: 'family@x.de' },
    ];
    expect(suggestFixes(rows).flat()).toEqual([]);
  });
});

describe('applying', () => {
  it('makes only the sure suggestions and leaves a row without any as it is', () => {
    const rows = [
      { name: 'Ana  Lima', email: 'ana@hotmail', locale: 'Deutsch' },
      { name: 'Bo', email: 'bo@x.de' },
    ];
    const found = suggestFixes(rows);
    expect(applySure(rows[0], found[0])).toEqual({ name: 'Ana Lima', email: 'ana@hotmail', locale: 'de_DE' });
    expect(applySure(rows[1], found[1])).toBe(rows[1]);
  });
});
