/**
 * The problems panel's rows follow each edit's answer without walking every row: the list is
 * the same array while no listed row changed (so the panel is not drawn again), a changed
 * listed row takes its place, and a row joining or leaving is listed in order.
 */
import { describe, expect, it } from 'vitest';
import { nextTick, shallowRef } from 'vue';
import type { WorkspaceRow } from '../../../src/core/contract/app-api';
import { useSteadyGroups } from '../../../src/renderer/features/workspace/group-filter';
import { changedPlaces, notePatch, useMatchingRows } from '../../../src/renderer/features/workspace/matching-rows';

const row = (position: number, problems: number): WorkspaceRow =>
  ({ position, sourceRow: position + 2, cells: {}, invalid: [], problems: Array.from({ length: problems }, () => ({ kind: 'email_invalid' })), warnings: [], repeats: null, sharesEmail: false }) as unknown as WorkspaceRow;
const hasProblem = (r: WorkspaceRow) => r.problems.length > 0;

/** What the store does with an edit's answer: the rows it names replaced in a copy. */
function answer(rows: { value: WorkspaceRow[] }, changed: WorkspaceRow[], note: boolean) {
  const next = rows.value.slice();
  const at = changed.map((r) => next.findIndex((old) => old.position === r.position));
  at.forEach((i, k) => (next[i] = changed[k]));
  if (note) notePatch(rows.value, next, at);
  rows.value = next;
}

describe.each([true, false])('rows matching a test (edit noted: %s)', (note) => {
  it('stays the same list when an edit changes no listed row, and patches a listed one in place', async () => {
    const rows = shallowRef(Array.from({ length: 1000 }, (_, i) => row(i, i % 10 === 0 ? 1 : 0)));
    const listed = useMatchingRows(() => rows.value, () => hasProblem);
    const before = listed.value;
    expect(before.map((r) => r.position)).toEqual(rows.value.filter(hasProblem).map((r) => r.position));

    answer(rows, [row(5, 0)], note);
    await nextTick();
    expect(listed.value).toBe(before);

    const fixedText = row(20, 2);
    answer(rows, [fixedText], note);
    await nextTick();
    expect(listed.value).not.toBe(before);
    expect(listed.value[2]).toBe(fixedText);
    expect(listed.value).toEqual(rows.value.filter(hasProblem));
  });

  it('lists a row that gains a problem and drops one that loses it, in order', async () => {
    const rows = shallowRef(Array.from({ length: 100 }, (_, i) => row(i, i % 10 === 0 ? 1 : 0)));
    const listed = useMatchingRows(() => rows.value, () => hasProblem);
    answer(rows, [row(15, 1), row(30, 0)], note);
    await nextTick();
    expect(listed.value).toEqual(rows.value.filter(hasProblem));
    expect(listed.value.map((r) => r.position)).toContain(15);
    expect(listed.value.map((r) => r.position)).not.toContain(30);
  });
});

describe('the places an edit replaced', () => {
  it('are the noted ones for the noted lists, else found by comparing, and none when rows came or went', () => {
    const a = [row(0, 0), row(1, 0), row(2, 0)];
    const b = [a[0], row(1, 1), a[2]];
    expect(changedPlaces(a, b)).toEqual([1]);
    notePatch(a, b, [1]);
    expect(changedPlaces(a, b)).toEqual([1]);
    expect(changedPlaces(a, [a[0], a[1]])).toBeNull();
    expect(changedPlaces(a, [a[1], a[0], a[2]])).toBeNull();
  });
});

describe("the draft's groups", () => {
  it('stay the same array while every group and its count do, and change when a count does', () => {
    const group = (rows: number) => ({ level: 'problem' as const, kind: 'email_invalid' as const, field: 'email' as const, rows });
    const draft = shallowRef({ groups: [group(3)] });
    const groups = useSteadyGroups(() => draft.value.groups);
    const first = groups.value;
    draft.value = { groups: [group(3)] };
    expect(groups.value).toBe(first);
    draft.value = { groups: [group(2)] };
    expect(groups.value).toEqual([group(2)]);
  });
});
