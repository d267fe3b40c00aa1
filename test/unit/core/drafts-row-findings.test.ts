import { describe, expect, it } from 'vitest';
import { demographicsText } from '../../../src/core/drafts/cells';
import { groupKeysOf, problemField } from '../../../src/core/drafts/problem-groups';
import { ROW_PROBLEM_KINDS, ROW_WARNING_KINDS, WARNING_FIELDS } from '../../../src/core/contract/vocabulary';
import { looksLikeFormula, looksLikeHtml } from '../../../src/core/intake/cells';
import { rowWarningsOf, type RowWarning } from '../../../src/core/intake/row-warnings';
import type { DemographicEntryInput } from '../../../src/core/contract/imports';
import type { RowProblem } from '../../../src/core/intake/problems';

const randomFrom = (start: number) => {
  let seed = start;
  return (n: number) => {
    // Exact in 32 bits (a plain product loses its low bits), read from the high bits (the low
    // bits of such a generator repeat with short periods).
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return Math.floor((seed / 2 ** 32) * n);
  };
};

// White space JavaScript's \s reads, and look-alikes it does not (U+0085, U+180E, U+200B).
const PIECES = [' ', '\t', '\n', '\u00a0', '\u1680', '\u2003', '\u3000', '\ufeff', '\u0085', '\u180e', '\u200b', '=', '+', '-', '@', '<', '&', 'a', '1', '<b>', '&amp;', 'é'];

describe('a row’s warnings of formulas and HTML', () => {
  it('are given for a cell exactly when it looks like one, after any white space, in every text column and demographic', () => {
    const random = randomFrom(9);
    for (let n = 0; n < 10_000; n++) {
      // Mostly white space (or a look-alike) first, as the rule is about what follows it.
      const lead = Array.from({ length: random(3) }, () => PIECES[random(11)]).join('');
      const text = lead + Array.from({ length: random(4) }, () => PIECES[random(PIECES.length)]).join('');
      // The rule as stated: a formula's first character after white space, or `<` or `&` in the text.
      const looked = text.includes('<') || text.includes('&') || /^\s*[=+\-@]/.test(text);
      const expected = (field: RowWarning['field']) => [
        ...(looked && looksLikeFormula(text) ? [`looks_like_formula ${field}`] : []),
        ...(looked && looksLikeHtml(text) ? [`looks_like_html ${field}`] : []),
      ];
      const warnings = rowWarningsOf({ name: text, email: 'a@example.com', locale: 'en_US', demographics: [{ demographic_category_name: 'C', demographic_name: text }] });
      const found = warnings.filter((w) => w.kind === 'looks_like_formula' || w.kind === 'looks_like_html').map((w) => `${w.kind} ${w.field}`);
      expect(found, JSON.stringify(text)).toEqual([...expected('name'), ...expected('demographics')]);
    }
  });
});

describe('the groups a row is in', () => {
  it('are its problems’ and warnings’ groups, each once, in the order first met', () => {
    const random = randomFrom(4);
    for (let n = 0; n < 2_000; n++) {
      const problems: RowProblem[] = Array.from({ length: random(4) }, () => ({ kind: ROW_PROBLEM_KINDS[random(ROW_PROBLEM_KINDS.length)] }));
      const warnings: RowWarning[] = Array.from({ length: random(5) }, () => ({ kind: ROW_WARNING_KINDS[random(4)], field: WARNING_FIELDS[random(WARNING_FIELDS.length)] }));
      const named = [...problems.map((p) => `problem ${p.kind} ${problemField(p.kind)}`), ...warnings.map((w) => `warning ${w.kind} ${w.field}`)];
      expect(groupKeysOf(problems, warnings)).toEqual([...new Set(named)]);
    }
  });
});

describe('a row’s demographics cell', () => {
  it('writes each entry as “Category: value” (or the value alone) joined by “; ”, whatever the entries hold', () => {
    const random = randomFrom(2);
    const names = ['Gender', '', 'Age Group', undefined, null];
    const values = ['Female', '', '25-34', undefined, null, 42];
    for (let n = 0; n < 2_000; n++) {
      const entries = Array.from({ length: random(4) }, () => ({ demographic_category_name: names[random(names.length)], demographic_name: values[random(values.length)] }) as unknown as DemographicEntryInput);
      const joined = entries.map((e) => (e.demographic_category_name ? `${e.demographic_category_name}: ${e.demographic_name}` : e.demographic_name)).join('; ');
      expect(demographicsText(entries)).toBe(joined);
    }
    expect(demographicsText(undefined)).toBe('');
    expect(demographicsText(null)).toBe('');
  });
});
