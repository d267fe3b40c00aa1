/**
 * A row's problems in the person's language. The main side answers them as data
 * (core/intake/problems.ts), the same data `muster check` words in English.
 */
import { useI18n } from 'vue-i18n';
import type { WorkspaceRow } from '../../../core/contract/app-api';

export type RowProblem = WorkspaceRow['problems'][number];

export function useProblemWords(): (problem: RowProblem) => string {
  const { t, n } = useI18n();
  return (problem) => t(`workspace.problems.${problem.kind}`, { value: problem.value ?? '', limit: problem.limit === undefined ? '' : n(problem.limit), row: problem.row ?? '' });
}
