/**
 * A row's problems in the person's language. The main side answers them as data
 * (core/intake/problems.ts), the same data `muster check` words in English.
 */
import { useI18n } from 'vue-i18n';
import type { WorkspaceRow } from '../../../core/contract/app-api';

export type RowProblem = WorkspaceRow['problems'][number];

/** The translator's `t` and `n` (a component's, or the app's global ones). */
interface Words {
  t: (key: string, values: Record<string, unknown>) => string;
  n: (value: number) => string;
}

export function problemWords({ t, n }: Words, problem: RowProblem): string {
  return t(`workspace.problems.${problem.kind}`, { value: problem.value ?? '', limit: problem.limit === undefined ? '' : n(problem.limit), row: problem.row ?? '' });
}

export function useProblemWords(): (problem: RowProblem) => string {
  const words = useI18n();
  return (problem) => problemWords(words, problem);
}
