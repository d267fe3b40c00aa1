import { describe, expect, it } from 'vitest';
import { applyOverrides, MappingOverrideError } from '../../../../src/core/intake/overrides';
import type { ColumnMapping, ColumnTarget } from '../../../../src/core/intake/types';
import { said } from '../../../support/words';

/** A suggested mapping: headers and targets column by column, at a modest confidence. */
function suggested(...columns: [string, ColumnTarget][]): ColumnMapping {
  return { signature: 'sig', columns: columns.map(([header, target], index) => ({ index, header, target, confidence: 0.6, reason: { code: 'no_match' } })) };
}

const BASE = suggested(['ID', 'external_id'], ['Name', 'name'], ['Mail', 'email'], ['Contact Email', 'ignore'], ['Gender', 'demographic:Gender'], ['Sprache', 'locale']);
const targets = (m: ColumnMapping) => m.columns.map((c) => c.target);

describe('applyOverrides: which column', () => {
  it.each([
    ['by header', 'Contact Email'],
    ['by header in other case and spacing', '  contact   EMAIL '],
    ['by letter', 'D'],
    ['by lower-case letter', 'd'],
  ])('finds the column %s (%j)', (_how, column) => {
    const result = applyOverrides(BASE, [{ column, target: 'note' }]);
    expect(result.columns[3]).toMatchObject({ target: 'note', confidence: 1 });
    expect(said(result.columns[3].reason)).toBe('Chosen by you.');
  });

  it('prefers a header over a letter when a header is a letter', () => {
    const mapping = suggested(['B', 'ignore'], ['Name', 'name']);
    expect(targets(applyOverrides(mapping, [{ column: 'B', target: 'note' }]))).toEqual(['note', 'name']);
  });

  it('asks for the letter when two columns share the header', () => {
    const mapping = suggested(['Email', 'email'], ['Email', 'ignore']);
    expect(() => applyOverrides(mapping, [{ column: 'email', target: 'ignore' }])).toThrow(
      new MappingOverrideError('More than one column is headed “email”; name it by its letter (A, B).'),
    );
  });

  it.each(['Phone', 'Z', 'AAAA', ''])('names the columns there are when %j is none of them', (column) => {
    expect(() => applyOverrides(suggested(['ID', 'external_id'], ['Name', 'name']), [{ column, target: 'note' }])).toThrow(
      new MappingOverrideError(`There is no column “${column}”; the columns are A (“ID”), B (“Name”).`),
    );
  });
});

describe('applyOverrides: which target', () => {
  it.each([
    ['EMAIL', 'email'],
    [' first_name ', 'first_name'],
    ['Ignore', 'ignore'],
    ['demographic:Diet', 'demographic:Diet'],
    ['demographic:  Age Group ', 'demographic:Age Group'],
    ['DEMOGRAPHIC:Age Group', 'demographic:Age Group'],
  ])('reads %j as %j', (target, expected) => {
    expect(applyOverrides(BASE, [{ column: 'D', target }]).columns[3].target).toBe(expected);
  });

  it.each(['phone', 'e-mail', 'demographic:', 'demographic:   ', ''])('refuses %j, listing what a column can hold', (target) => {
    expect(() => applyOverrides(BASE, [{ column: 'D', target }])).toThrow(
      new MappingOverrideError(`“${target}” is not something a column can hold; use one of external_id, name, first_name, last_name, email, locale, note, ignore or demographic:CATEGORY.`),
    );
  });
});

describe('applyOverrides: the rest of the mapping', () => {
  it('moves a single-valued target from the column that held it', () => {
    const result = applyOverrides(BASE, [{ column: 'Contact Email', target: 'email' }]);
    expect(targets(result)).toEqual(['external_id', 'name', 'ignore', 'email', 'demographic:Gender', 'locale']);
    expect(result.columns[2].confidence).toBe(1);
    expect(said(result.columns[2].reason)).toBe('Column D was chosen for the e-mail instead.');
  });

  it('lets several columns supply demographics of one category, and several be ignored', () => {
    const result = applyOverrides(BASE, [{ column: 'D', target: 'demographic:Gender' }, { column: 'A', target: 'ignore' }, { column: 'F', target: 'ignore' }]);
    expect(targets(result)).toEqual(['ignore', 'name', 'email', 'demographic:Gender', 'demographic:Gender', 'ignore']);
  });

  it('applies corrections in order, the last one winning', () => {
    const result = applyOverrides(BASE, [{ column: 'D', target: 'email' }, { column: 'C', target: 'email' }]);
    expect(targets(result)).toEqual(['external_id', 'name', 'email', 'ignore', 'demographic:Gender', 'locale']);
  });

  it('keeps the signature, leaves other columns as suggested, and does not change the mapping given', () => {
    const before = JSON.stringify(BASE);
    const result = applyOverrides(BASE, [{ column: 'Gender', target: 'note' }]);
    expect(result.signature).toBe('sig');
    expect(result.columns[0]).toEqual(BASE.columns[0]);
    expect(JSON.stringify(BASE)).toBe(before);
  });

  it('changes nothing for no corrections', () => {
    expect(applyOverrides(BASE, [])).toEqual(BASE);
  });
});
