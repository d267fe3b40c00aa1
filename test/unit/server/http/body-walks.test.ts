import { describe, expect, it } from 'vitest';
import { loneSurrogateFields } from '../../../../src/server/http/well-formed-text';
import { nestsDeeperThan } from '../../../../src/server/http/body-parsers';

// The service caps nesting before any walk; the walks themselves must not depend on it.
const deep = (levels: number, inner: unknown): unknown => {
  let value = inner;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

describe('the lone-surrogate walk', () => {
  it('walks 100,000 levels without exhausting the stack', () => {
    expect(loneSurrogateFields(deep(100_000, 'half \ud800'))).toHaveLength(1);
  });

  it('names the fields in the order they appear', () => {
    expect(loneSurrogateFields({ a: 'fine', b: ['\udc00', { c: '\ud800' }], ['\ud800key']: 1, d: '\ud800' })).toEqual(['b.0', 'b.1.c', '\ud800key', 'd']);
  });
});

describe('the nesting count', () => {
  it('counts arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(nestsDeeperThan('[[{"a":[1]}]]', 4)).toBe(false);
    expect(nestsDeeperThan('[[{"a":[[1]]}]]', 4)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[[\\"[[[[' }), 1)).toBe(false);
  });
});
