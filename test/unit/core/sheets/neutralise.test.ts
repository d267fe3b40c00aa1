import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { looksLikeFormula, neutraliseCell } from '../../../../src/core/sheets/neutralise';

/** What spreadsheet apps may run as a formula or DDE call when a cell begins with it (OWASP). */
const FORMULA_CHARS = ['=', '+', '-', '@', '\t', '\r', '\n'];

describe('neutraliseCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['=HYPERLINK("http://evil","x")', '\'=HYPERLINK("http://evil","x")'],
    ['+49 30 1234', "'+49 30 1234"],
    ['-5', "'-5"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['\n=1', "'\n=1"],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
  ])('prefixes %j', (text, expected) => {
    expect(looksLikeFormula(text)).toBe(true);
    expect(neutraliseCell(text)).toBe(expected);
  });

  it.each([
    ['', ''],
    ['Ada Lovelace', 'Ada Lovelace'],
    ['ada@example.com', 'ada@example.com'],
    ['1+1', '1+1'],
    ['a=b', 'a=b'],
    [" '=1", " '=1"],
    ["'=1", "'=1"],
    ['42', '42'],
  ])('leaves %j alone', (text, expected) => {
    expect(looksLikeFormula(text)).toBe(false);
    expect(neutraliseCell(text)).toBe(expected);
  });

  const text = fc.oneof(fc.string(), fc.tuple(fc.constantFrom(...FORMULA_CHARS, "'", ' ', 'a'), fc.string()).map(([a, b]) => a + b));

  it('never answers text that starts with a formula character unless it is prefixed with an apostrophe', () => {
    fc.assert(
      fc.property(text, (s) => {
        const out = neutraliseCell(s);
        const starts = FORMULA_CHARS.some((c) => out.startsWith(c));
        expect(starts).toBe(false);
        if (FORMULA_CHARS.some((c) => s.startsWith(c))) expect(out).toBe(`'${s}`);
      }),
      { numRuns: 1000 },
    );
  });

  it('leaves all other text exactly as it was', () => {
    fc.assert(
      fc.property(text, (s) => {
        const out = neutraliseCell(s);
        if (FORMULA_CHARS.some((c) => s.startsWith(c))) expect(out.slice(1)).toBe(s);
        else expect(out).toBe(s);
      }),
      { numRuns: 1000 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(neutraliseCell(neutraliseCell(s))).toBe(neutraliseCell(s));
      }),
    );
  });
});
