import { describe, expect, it } from 'vitest';
import { problemText, ROW_PROBLEM_KINDS, type RowProblem } from '../../../src/core/intake/problems';
import { i18n, MESSAGES } from '../../../src/renderer/i18n';
import { groupWords, problemWords, warningWords, type RowWarning } from '../../../src/renderer/features/workspace/problem-words';
import { ROW_WARNING_KINDS } from '../../../src/core/intake/row-warnings';

const setLanguage = (language: keyof typeof MESSAGES) => void (i18n.global.locale.value = language);

const SAMPLES: RowProblem[] = ROW_PROBLEM_KINDS.map((kind) => ({ kind, value: 'bob(at)example.com', limit: 10_000, row: 4 }));
const word = (p: RowProblem) => problemWords(i18n.global, p);

describe("a row's problems in the app", () => {
  it('read in English exactly as `muster check` prints them', () => {
    setLanguage('en');
    for (const problem of SAMPLES) expect(word(problem)).toBe(problemText(problem));
  });

  it('are worded in every language, with the value, the limit and the row in them', () => {
    for (const language of Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]) {
      setLanguage(language);
      for (const problem of SAMPLES) {
        const words = word(problem);
        expect(words, `${language} ${problem.kind}`).not.toContain('workspace.problems');
        if (problem.kind.startsWith('email_invalid') || problem.kind === 'locale_unknown') expect(words).toContain('bob(at)example.com');
        if (problem.kind === 'repeats' || problem.kind === 'shares_email') expect(words).toContain('4');
        if (problem.kind.endsWith('too_long')) expect(words).toMatch(/10.000/);
      }
    }
    setLanguage('en');
  });
});

describe("a row's warnings in the app", () => {
  const warnings: RowWarning[] = ROW_WARNING_KINDS.map((kind) => ({ kind, field: 'email', value: 'x', columns: ['E', 'D'], headers: ['E-Mail geschäftlich', 'E-Mail privat'] }));

  it('are worded in every language, with the sheet’s columns where a warning is about them, and grouped with a count', () => {
    for (const language of Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]) {
      setLanguage(language);
      const words = { ...i18n.global, tc: (key: string, n: number, values: Record<string, unknown>) => i18n.global.t(key, values, n), locale: language };
      for (const warning of warnings) {
        const said = warningWords(words, warning);
        expect(said, `${language} ${warning.kind}`).not.toContain('findings.');
        if (warning.kind === 'email_fallback') expect(said).toMatch(/E\b.*E-Mail geschäftlich.*D\b.*E-Mail privat/);
        if (warning.kind === 'last_name_joined') expect(said).toMatch(/E\b.*D\b/);
        const group = groupWords(words, { level: 'warning', kind: warning.kind, field: warning.field, rows: 3 });
        expect(group, `${language} ${warning.kind}`).not.toContain('findings.');
        expect(group).toContain('3');
      }
    }
    setLanguage('en');
  });
});
