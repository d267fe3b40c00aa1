import { describe, expect, it } from 'vitest';
import { problemText, ROW_PROBLEM_KINDS, type RowProblem } from '../../../src/core/intake/problems';
import { i18n, MESSAGES } from '../../../src/renderer/i18n';
import { problemWords } from '../../../src/renderer/features/workspace/problem-words';

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
