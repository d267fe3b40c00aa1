import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedFields, sameValue, threeWayMerge } from '../../../../src/services/mirror/merge';

describe('threeWayMerge', () => {
  const base = { first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', demographic_ids: [1, 2] };

  it('takes what only the service changed and keeps what only the person changed', () => {
    const local = { ...base, first_name: 'Anna' };
    const remote = { ...base, email: 'ana@example.org' };
    expect(threeWayMerge(base, local, remote)).toEqual({
      merged: { ...base, first_name: 'Anna', email: 'ana@example.org' },
      conflicts: [],
      unpushed: ['first_name'],
    });
  });

  it('reports a field both changed differently as a conflict and keeps the local value', () => {
    const result = threeWayMerge(base, { ...base, last_name: 'López' }, { ...base, last_name: 'Lopes' });
    expect(result.conflicts).toEqual(['last_name']);
    expect(result.merged.last_name).toBe('López');
  });

  it('is no conflict when both made the same change, arrays compared by value', () => {
    const result = threeWayMerge(base, { ...base, demographic_ids: [1, 3] }, { ...base, demographic_ids: [1, 3] });
    expect(result).toEqual({ merged: { ...base, demographic_ids: [1, 3] }, conflicts: [], unpushed: [] });
  });

  it('treats missing and null alike', () => {
    expect(threeWayMerge({ a: null }, {}, { a: null })).toEqual({ merged: { a: null }, conflicts: [], unpushed: [] });
  });

  it('after a push, takes the service form of a sent value, but keeps a value changed again since', () => {
    const sent = { email: 'ANA@example.org', first_name: 'Anna' };
    const local = { ...base, email: 'ANA@example.org', first_name: 'Annie' };
    const remote = { ...base, email: 'ana@example.org', first_name: 'Anna' };
    expect(threeWayMerge(base, local, remote, sent)).toEqual({
      merged: { ...base, email: 'ana@example.org', first_name: 'Annie' },
      conflicts: [],
      unpushed: ['first_name'],
    });
  });

  const value = fc.oneof(fc.constant(null), fc.constantFrom('a', 'b', 'c'), fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }));
  const record = fc.record({ x: value, y: value, z: value });

  it('never loses a change: each merged field is the local or the remote value, and equals a side that changed', () => {
    fc.assert(
      fc.property(record, record, record, (b, l, r) => {
        const { merged, conflicts, unpushed } = threeWayMerge(b, l, r);
        for (const key of ['x', 'y', 'z'] as const) {
          const localChanged = !sameValue(l[key], b[key]);
          const remoteChanged = !sameValue(r[key], b[key]);
          if (localChanged && remoteChanged && !sameValue(l[key], r[key])) expect(conflicts).toContain(key);
          else {
            expect(conflicts).not.toContain(key);
            expect(merged[key]).toEqual(localChanged ? l[key] : r[key]);
          }
          expect(unpushed.includes(key)).toBe(!sameValue(merged[key], r[key]));
        }
      }),
    );
  });
});

describe('changedFields', () => {
  it('names the fields whose local value differs from the base', () => {
    expect(changedFields({ a: 1, b: [1], c: null }, { a: 1, b: [2], c: 'x', d: null })).toEqual(['b', 'c']);
  });
});

describe('sameValue', () => {
  it('compares nested values by content', () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: [1] }, { a: [1, 2] })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });
});
