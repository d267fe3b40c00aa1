/**
 * F8 walks the problems from where the person is: the next in the list from the problem it
 * last went to, or the nearest after the row the focus is on when that is not one of them
 * (Enter took the focus a row down, or the person moved), wrapping round; Shift+F8 backwards.
 */
import { describe, expect, it } from 'vitest';
import type { WorkspaceRow } from '../../../src/core/contract/app-api';
import { nextProblem } from '../../../src/renderer/features/workspace/problem-focus';

const row = (position: number) => ({ position }) as WorkspaceRow;
// The grid shows positions 0..9 in order; rows 2, 5 and 8 have a problem.
const order = new Map(Array.from({ length: 10 }, (_, i) => [i, i]));
const problems = [2, 5, 8].map(row);
const go = (from: number | null, direction: 1 | -1) => nextProblem(problems, order, from, direction)?.position;

describe('F8 from where the person is', () => {
  it('goes on from a problem to the next, round the end, and back with Shift', () => {
    expect([go(2, 1), go(5, 1), go(8, 1)]).toEqual([5, 8, 2]);
    expect([go(2, -1), go(5, -1)]).toEqual([8, 2]);
  });

  it('goes from a row without a problem to the nearest after it (or before it, going back)', () => {
    // Enter after fixing row 2 puts the focus on row 3: F8 goes to 5, not back to 2.
    expect(go(3, 1)).toBe(5);
    expect(go(6, -1)).toBe(5);
    expect(go(9, 1)).toBe(2);
    expect(go(0, -1)).toBe(8);
  });

  it('starts at the first (or last) problem from nowhere, and has nowhere to go without one', () => {
    expect([go(null, 1), go(null, -1)]).toEqual([2, 8]);
    expect(nextProblem([], order, 3, 1)).toBeNull();
  });

  it('goes on from a row that is no longer shown as if from the start', () => {
    expect(go(42, 1)).toBe(2);
  });
});
