import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { keepApostrophes, looksLikeFormula, neutraliseCell, unguardCell } from '../../../../src/core/sheets/neutralise';

/** What spreadsheet apps may run as a formula or DDE call when a cell begins with it (OWASP). */
const FORMULA_CHARS = ['=', '+', '-', '@', '\t', '\r', '\n'];

const text = fc.oneof(fc.string(), fc.tuple(fc.constantFrom(...FORMULA_CHARS, "'", ' ', 'a'), fc.string()).map(([a, b]) => a + b));

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
    ["'hello", "'hello"],
    ["'123", "'123"],
    ["O'Brien", "O'Brien"],
    ['42', '42'],
  ])('leaves %j alone', (text, expected) => {
    expect(looksLikeFormula(text)).toBe(false);
    expect(neutraliseCell(text)).toBe(expected);
  });

  it.each([
    ["'=1", "''=1"],
    ["''+1", "'''+1"],
    ["'\tx", "''\tx"],
  ])('gives text that looks guarded already (%j) one more apostrophe, so taking the guard off gives it back', (text, expected) => {
    expect(neutraliseCell(text)).toBe(expected);
    expect(unguardCell(expected)).toBe(text);
  });

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
        if (startsLikeGuard(s)) expect(out).toBe(`'${s}`);
        else expect(out).toBe(s);
      }),
      { numRuns: 1000 },
    );
  });
});

/** Text that starts like a formula once any apostrophes before it are set aside. */
const startsLikeGuard = (s: string) => FORMULA_CHARS.some((c) => s.replace(/^'+/, '').startsWith(c));
const guardish = fc
  .tuple(fc.constantFrom('', "'", "''", ' ', 'a'), fc.constantFrom(...FORMULA_CHARS, "'", 'x', '1', ''), fc.string())
  .map(([a, b, c]) => a + b + c);

describe('reading the guard back', () => {
  it.each([
    ["'=1+1", '=1+1'],
    ["'+49 30 1234", '+49 30 1234'],
    ["'-2", '-2'],
    ["'@SUM(A1)", '@SUM(A1)'],
    ["'\t=1", '\t=1'],
    ["'\rx", '\rx'],
    ["'\nx", '\nx'],
    ["''=1", "'=1"],
  ])('takes the apostrophe off %j', (text, expected) => {
    expect(unguardCell(text)).toBe(expected);
  });

  it.each(["'hello", "'123", "O'Brien", "' =1", "'", "''", '=1', ''])('leaves %j alone: the apostrophe is data there', (text) => {
    expect(unguardCell(text)).toBe(text);
  });

  it('gives back any text a csv cell was written from', () => {
    fc.assert(fc.property(fc.oneof(text, guardish), (s) => {
      expect(unguardCell(neutraliseCell(s))).toBe(s);
    }), { numRuns: 2000 });
  });

  it('gives back any text an xlsx cell was written from, and adds nothing unless the text looks guarded', () => {
    fc.assert(
      fc.property(fc.oneof(text, guardish), (s) => {
        expect(unguardCell(keepApostrophes(s))).toBe(s);
        if (!s.startsWith("'")) expect(keepApostrophes(s)).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });
});
