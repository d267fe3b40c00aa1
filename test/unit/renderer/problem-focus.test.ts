/**
 * F8 walks the problems from where the person is: the next in the list from the problem it
 * last went to, or the first at or after the row the focus is on when the person moved there
 * (Enter took the focus a row down, or they clicked), wrapping round; Shift+F8 backwards.
 */
import { describe, expect, it } from 'vitest';
import type { WorkspaceRow } from '../../../src/core/contract/app-api';
import { nextProblem, problemCell } from '../../../src/renderer/features/workspace/problem-focus';

const row = (position: number) => ({ position }) as WorkspaceRow;
// The grid shows positions 0..9 in order; rows 2, 3, 5 and 8 have a problem.
const order = new Map(Array.from({ length: 10 }, (_, i) => [i, i]));
const problems = [2, 3, 5, 8].map(row);
const from = (position: number | null, direction: 1 | -1) => nextProblem(problems, order, { from: position }, direction)?.position;
const at = (position: number, direction: 1 | -1) => nextProblem(problems, order, { at: position }, direction)?.position;

describe('F8 from where the person is', () => {
  it('goes on from the problem it last went to, round the end, and back with Shift', () => {
    expect([from(2, 1), from(3, 1), from(5, 1), from(8, 1)]).toEqual([3, 5, 8, 2]);
    expect([from(2, -1), from(5, -1)]).toEqual([8, 3]);
  });

  it('goes from the row the person moved to: that row when it has a problem, else the nearest after it', () => {
    // Enter after fixing row 2 puts the focus on row 3, which has a problem too: F8 stops there.
    expect(at(3, 1)).toBe(3);
    expect(at(4, 1)).toBe(5);
    expect(at(6, -1)).toBe(5);
    expect(at(9, 1)).toBe(2);
    expect(at(0, -1)).toBe(8);
    // A row no longer shown: from the start.
    expect(at(42, 1)).toBe(2);
  });

  it('starts at the first (or last) problem from nowhere, and has nowhere to go without one', () => {
    expect([from(null, 1), from(null, -1)]).toEqual([2, 8]);
    expect(nextProblem([], order, { at: 3 }, 1)).toBeNull();
  });
});

describe('the cell F8 stops at in a row', () => {
  const cellOf = (row: Partial<Pick<WorkspaceRow, 'invalid' | 'problems' | 'warnings'>>) => problemCell({ invalid: [], problems: [], warnings: [], ...row });

  it('is the first invalid cell', () => {
    expect(cellOf({ invalid: ['email', 'locale'], problems: [{ kind: 'email_invalid' }, { kind: 'locale_unknown' }] })).toBe('email');
  });

  it('is the cell a repeat or a shared e-mail is marked on, not the name, where typing would rewrite the person', () => {
    expect(cellOf({ problems: [{ kind: 'repeats', row: 4 }] })).toBe('external_id');
    expect(cellOf({ problems: [{ kind: 'shares_email', row: 4 }] })).toBe('email');
  });

  it('is the cell a warning is about, and the name when there is nothing to say', () => {
    expect(cellOf({ warnings: [{ kind: 'locale_blank', field: 'locale' }] })).toBe('locale');
    expect(cellOf({})).toBe('name');
  });
});
