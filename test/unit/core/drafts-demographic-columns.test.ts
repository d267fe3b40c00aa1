import { describe, expect, it } from 'vitest';
import { categoryCells, categoryIndexOf, categoryProp, foldDemographicCells, OTHER_PROP, withCategoryCells } from '../../../src/core/drafts/demographic-columns';
import { demographicsOf } from '../../../src/core/drafts/cells';

const catalog = ['Gender', 'Age Group', 'Hobbies'];

describe('a column per category of the catalog', () => {
  it('shows each category’s values in its own cell, any case and spacing of its name, and the rest as other', () => {
    const text = 'gender : Female; Hobbies: Chess; Pets: Cat; HOBBIES: Golf';
    expect(categoryCells(text, catalog)).toEqual({ cells: ['Female', '', 'Chess; Golf'], other: 'Pets: Cat' });
    expect(categoryCells('', catalog)).toEqual({ cells: ['', '', ''], other: '' });
  });

  it('replaces only the typed category, in its place, and adds a new one after the rest', () => {
    const text = 'Gender: Female; Pets: Cat; Hobbies: Chess';
    expect(withCategoryCells(text, catalog, new Map([[0, 'Male']]))).toBe('Gender: Male; Pets: Cat; Hobbies: Chess');
    expect(withCategoryCells(text, catalog, new Map([[1, '25-34']]))).toBe('Gender: Female; Pets: Cat; Hobbies: Chess; Age Group: 25-34');
    expect(withCategoryCells(text, catalog, new Map([[2, 'Golf; Tennis ;']]))).toBe('Gender: Female; Pets: Cat; Hobbies: Golf; Hobbies: Tennis');
    expect(withCategoryCells(text, catalog, new Map([[0, '']]))).toBe('Pets: Cat; Hobbies: Chess');
    expect(withCategoryCells(text, catalog, new Map<number | 'other', string>([['other', 'Pets: Dog'], [0, 'Male']]))).toBe('Gender: Male; Pets: Dog; Hobbies: Chess');
  });

  it('reads back what it writes: every cell typed is the cell shown', () => {
    const typed = new Map<number | 'other', string>([[0, 'Female'], [1, '25-34'], [2, 'Chess; Golf'], ['other', 'Pets: Cat']]);
    const text = withCategoryCells('Hobbies: Tennis', catalog, typed);
    expect(categoryCells(text, catalog)).toEqual({ cells: ['Female', '25-34', 'Chess; Golf'], other: 'Pets: Cat' });
    expect(demographicsOf(text)).toHaveLength(5);
  });

  it('folds the category cells of one row, typed or pasted, into one edit of its demographics', () => {
    const texts = new Map([[4, 'Gender: Female; Hobbies: Chess']]);
    const folded = foldDemographicCells(
      {
        edits: [{ position: 4, field: 'note', value: 'late' }, { position: 4, field: categoryProp(0), value: 'Male' }, { position: 4, field: categoryProp(1), value: '25-34' }],
        rows: [[{ field: 'email', value: 'new@example.com' }, { field: categoryProp(2), value: 'Golf' }]],
      },
      catalog,
      (position) => texts.get(position) ?? '',
    );
    expect(folded).toEqual({
      edits: [{ position: 4, field: 'note', value: 'late' }, { position: 4, field: 'demographics', value: 'Gender: Male; Hobbies: Chess; Age Group: 25-34' }],
      rows: [[{ field: 'email', value: 'new@example.com' }, { field: 'demographics', value: 'Hobbies: Golf' }]],
    });
  });

  it('names its columns so the grid can tell them from the others', () => {
    expect(categoryIndexOf(categoryProp(2))).toBe(2);
    expect(categoryIndexOf(OTHER_PROP)).toBe('other');
    expect(categoryIndexOf('email')).toBeNull();
  });
});
